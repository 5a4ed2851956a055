#!/bin/sh
# The PPO baseline runs of docs/research.md: for each game, 10 minutes of MaskablePPO training
# against the random player, evaluated (200 games each against random and the heuristic, fixed
# seeds), then 20 more minutes from that model (30 in all), evaluated again.
# Results: out/ppo/<game>/eval_10min.json and eval_30min.json. One core; run it in the background:
#   nohup sh benchmarks/ppo_baselines.sh > out/ppo_baselines.log 2>&1 &
# IMITATE=heuristic first teaches the policy the heuristic player's choices (3 of the first 10
# minutes; behaviour cloning), results in out/ppo_bc/<game>/.
set -e
PY=${PY:-$HOME/.cache/tcg-train/bin/python}
GAMES=${GAMES:-"shironeko turutoru kemuri zx"}
BC=""
ROOT=out/ppo
if [ -n "${IMITATE:-}" ]; then BC="--imitate $IMITATE --imitate-minutes 3"; ROOT=out/ppo_bc; fi
for g in $GAMES; do
  out=$ROOT/$g
  rm -rf "$out"
  echo "== $g: 10 minutes ($(date -u +%H:%M:%S), load $(cut -d' ' -f1-3 /proc/loadavg))"
  "$PY" benchmarks/train_ppo.py "$g" --minutes 10 --opponent random --out "$out" $BC \
      --eval-games 200 --eval-seed 10000
  cp "$out/eval.json" "$out/eval_10min.json"
  echo "== $g: 20 more minutes ($(date -u +%H:%M:%S), load $(cut -d' ' -f1-3 /proc/loadavg))"
  "$PY" benchmarks/train_ppo.py "$g" --minutes 20 --opponent random --out "$out" --resume \
      --eval-games 200 --eval-seed 10000
  cp "$out/eval.json" "$out/eval_30min.json"
done
echo "== done $(date -u +%H:%M:%S)"
