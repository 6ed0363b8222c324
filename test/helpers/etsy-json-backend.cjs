// An Etsy statsd backend (its documented backend interface) that writes each flush as one JSON line,
// so tests can read what the daemon aggregated.
const fs = require('node:fs');

exports.init = function init(_startup, config, events) {
  const out = config.jsonBackendFile;
  events.on('flush', (timestamp, metrics) => {
    const { counters, gauges, timers, timer_data } = metrics;
    fs.appendFileSync(out, `${JSON.stringify({ timestamp, counters, gauges, timers, timer_data })}\n`);
  });
  return true;
};
