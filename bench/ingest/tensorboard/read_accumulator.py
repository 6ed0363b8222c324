"""Read an event file (or a run folder) with TensorBoard's EventAccumulator.

Usage:
    python read_accumulator.py FILE_OR_DIR

Loads it with EventAccumulator(path, size_guidance={"scalars": 0,
"tensors": 0}) (keep every point) and .Reload(), counts the scalar points
(simple_value scalars plus tensor-encoded scalars of the "scalars" plugin)
and prints one JSON line:

    {"seconds": ..., "points": ..., "tags": ..., "max_rss_mb": ...}

seconds: wall time of construction + Reload() + counting; max_rss_mb: the
process's peak resident set size (getrusage, includes the interpreter and
imports).
"""

import json
import resource
import sys
import time

from tensorboard.backend.event_processing.event_accumulator import EventAccumulator


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    t = time.perf_counter()
    acc = EventAccumulator(argv[1], size_guidance={"scalars": 0, "tensors": 0})
    acc.Reload()
    tags = acc.Tags()
    points = 0
    ntags = 0
    for tag in tags["scalars"]:
        points += len(acc.Scalars(tag))
        ntags += 1
    for tag in tags["tensors"]:
        if acc.SummaryMetadata(tag).plugin_data.plugin_name == "scalars":
            points += len(acc.Tensors(tag))
            ntags += 1
    seconds = time.perf_counter() - t
    rss_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0
    print(json.dumps({"seconds": round(seconds, 3), "points": points, "tags": ntags, "max_rss_mb": round(rss_mb, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
