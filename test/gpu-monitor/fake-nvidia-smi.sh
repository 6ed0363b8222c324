#!/bin/sh
# A stand-in for nvidia-smi on runners without a GPU: answers the probe, and with -l N prints a CSV header
# once, then one row per GPU every N seconds, as `nvidia-smi --query-gpu=… --format=csv,nounits -l N` does.
# FAKE_GPUS sets the GPU count (default 2).
gpus=${FAKE_GPUS:-2}
interval=
for arg in "$@"; do
  if [ "$prev" = "-l" ]; then interval=$arg; fi
  prev=$arg
done
if [ -z "$interval" ]; then
  i=0
  while [ $i -lt "$gpus" ]; do echo "NVIDIA H100 80GB HBM3"; i=$((i + 1)); done
  exit 0
fi
echo "timestamp, index, uuid, name, utilization.gpu [%], utilization.memory [%], memory.used [MiB], memory.total [MiB], power.draw [W], temperature.gpu, clocks.sm [MHz]"
n=0
while true; do
  now=$(date -u '+%Y/%m/%d %H:%M:%S.000')
  i=0
  while [ $i -lt "$gpus" ]; do
    echo "$now, $i, GPU-0000000$i-0000-0000-0000-000000000000, NVIDIA H100 80GB HBM3, $((90 + i)), 30, $((60000 + n)), 81559, 650.00, 60, 1980"
    i=$((i + 1))
  done
  n=$((n + 1))
  sleep "$interval"
done
