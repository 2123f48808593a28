#!/usr/bin/env bash
# A split's jobs run on a real Slurm: a one-node cluster on this machine (munged, slurmctld
# and slurmd on loopback, started here and stopped at the end), each wave of
# `jump61 jobs next` submitted as one array job with a time limit that stops a job, which
# checkpoints on Slurm's signal, is requeued and resumes; then `combine`, and its proof of
# the value checked by `verify-proof`. Installs Debian's slurm-wlm
# and munge when missing; skips, saying so, if they still cannot be had or this is not root.
# Usage: scripts/slurm_test.sh   (JUMP61=path/to/jump61 to test that binary; it is built
# otherwise). Prints what it runs; the guide (docs/cluster.md) shows the same recipe.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)

need="slurmctld slurmd munged sbatch"
missing() { for c in $need; do command -v "$c" >/dev/null 2>&1 || return 0; done; return 1; }
if missing && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "slurm_test: installing slurm-wlm and munge with apt-get"
    (timeout 300 apt-get update -qq &&
        DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq slurm-wlm munge) \
        >/dev/null 2>&1 || true
fi
if missing; then
    echo "slurm_test: slurm-wlm or munge is not installed and apt-get could not install them; skipped"
    exit 0
fi
if [ "$(id -u)" != 0 ]; then
    echo "slurm_test: the daemons need root (slurmd starts jobs as their user); skipped"
    exit 0
fi

if [ -z "${JUMP61:-}" ]; then
    cargo build --release --quiet
    JUMP61=$repo/target/release/jump61
fi
bin=$(mktemp -d)
ln -s "$(realpath "$JUMP61")" "$bin/jump61"
export PATH="$bin:$PATH"

# Everything the cluster keeps, under one folder: its configuration, state, logs and the
# split. The daemons' ports are not Slurm's usual ones, so that a real Slurm is left alone.
top=$repo/target/slurm-test
rm -rf "$top"
mkdir -p "$top"/{etc,run,state,spool,log}
chmod 700 "$top/run"
conf=$top/etc/slurm.conf
export SLURM_CONF=$conf

cleanup() {
    set +e
    [ -n "${work:-}" ] && scancel --quiet --name=jump61-wave 2>/dev/null && sleep 2
    for daemon in slurmd slurmctld munged; do
        pid=$(cat "$top/run/$daemon.pid" 2>/dev/null)
        [ -n "$pid" ] && kill "$pid" 2>/dev/null
    done
    for daemon in slurmd slurmctld munged; do
        pid=$(cat "$top/run/$daemon.pid" 2>/dev/null)
        for _ in $(seq 50); do
            [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || break
            sleep 0.2
        done
        [ -n "$pid" ] && kill -9 "$pid" 2>/dev/null
    done
    rm -rf "$bin"
}
trap cleanup EXIT

dd if=/dev/urandom of="$top/etc/munge.key" bs=1024 count=1 status=none
chmod 600 "$top/etc/munge.key"
munged --force --socket="$top/run/munge.socket" --key-file="$top/etc/munge.key" \
    --pid-file="$top/run/munged.pid" --log-file="$top/log/munged.log" \
    --seed-file="$top/run/munged.seed"

# The node offers this machine's memory less half a GB, in MiB.
memory=$(($(awk '/^MemTotal:/ {print $2}' /proc/meminfo) / 1024 - 512))
cat >"$conf" <<EOF
ClusterName=jump61test
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=16817
SlurmdPort=16818
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$top/run/munge.socket
CredType=cred/munge
StateSaveLocation=$top/state
SlurmdSpoolDir=$top/spool
SlurmctldPidFile=$top/run/slurmctld.pid
SlurmdPidFile=$top/run/slurmd.pid
SlurmctldLogFile=$top/log/slurmctld.log
SlurmdLogFile=$top/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
ReturnToService=2
KillWait=20
MinJobAge=600
NodeName=localhost NodeAddr=127.0.0.1 CPUs=2 RealMemory=$memory State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -f "$conf"
slurmd -f "$conf" -N localhost
for _ in $(seq 60); do
    state=$(sinfo -h -o %T 2>/dev/null || true)
    [ "$state" = idle ] && break
    sleep 1
done
if [ "$state" != idle ]; then
    echo "slurm_test: the node did not come up (state '$state'):"
    tail -5 "$top/log/slurmctld.log" "$top/log/slurmd.log"
    exit 1
fi
echo "slurm_test: one-node cluster up: $(sinfo -h -o '%P %D %c %T')"

# Each wave is one array job of scripts/jump61-wave.sbatch, the guide's recipe, with 1 GB
# a task (the jobs ask for 32 MB of table) and a time limit of one minute and its TERM 55 s
# before it, so that a job's first run is stopped, checkpointed and requeued. The
# test gives a requeued task ten minutes and starts it at once (Slurm holds a requeued
# task back two minutes), so that its second run finishes.
work=$top/work
mkdir -p "$work"
cd "$work"
cp "$repo/scripts/jump61-wave.sbatch" .

# The 4x4 start under the 2014 rules, split one move deep: three jobs (Red's first moves up
# to symmetry, Blue to move), all in one wave (`jobs next --all`: no guesses, as on a cluster
# with a core for each job; the AI's guesses would run them in three waves, since it
# guesses Red). Slurm's signal comes at its first time-limit check 5 to 35 s into a job (one
# every 30 s), so a job must outlast 35 s. In a 32 MB table the corner job (2r1-1-1-/...)
# searches some 98 million positions, 56 s on an AMD EPYC core with the centre's job beside
# it (37.8 s, 65 million); in 256 MB all three ended within 26 s, before any signal, and in
# 64 MB within about 25 s each (2026-12-04). So the signal always stops the corner's job,
# on a core up to nearly twice that fast.
position=1-1-1-1-/1-1-1-1-/1-1-1-1-/1-1-1-1-
start=$(date +%s)
echo "\$ jump61 split --position $position --plies 1 --dir work --job-time 600 --job-memory 32"
jump61 split --position $position --plies 1 --dir work --job-time 600 --job-memory 32 >/dev/null
wave=0
while jump61 jobs next --dir work --all >next.txt && [ -s next.txt ]; do
    wave=$((wave + 1))
    mv next.txt "wave$wave.txt"
    tasks=$(wc -l <"wave$wave.txt")
    echo "\$ sbatch --time=1 --signal=B:TERM@55 --mem=1G --array=1-$tasks jump61-wave.sbatch wave$wave.txt"
    id=$(sbatch --parsable --time=1 --signal=B:TERM@55 --mem=1G --array=1-"$tasks" jump61-wave.sbatch "wave$wave.txt")
    while [ -n "$(squeue -h -j "$id" -o %i 2>/dev/null)" ]; do
        for task in $(squeue -h -j "$id" -t PD -o '%i %r' | awk '$2 == "BeginTime" {print $1}'); do
            echo "slurm_test: task $task requeued: given ten minutes, started now"
            scontrol update JobId="$task" StartTime=now TimeLimit=10 || true
        done
        sleep 2
    done
    if [ "$wave" -ge 10 ]; then
        echo "slurm_test: FAILED: still not decided after $wave waves"
        exit 1
    fi
done
echo "slurm_test: $wave waves in $(($(date +%s) - start)) s"
echo "\$ jump61 combine --dir work --proof p.txt"
jump61 combine --dir work --proof p.txt | tee combine.txt
echo "\$ jump61 verify-proof p.txt"
jump61 verify-proof p.txt | tee verify.txt

# The combined value stands on its proof, which verify-proof checks by the rules alone; the
# start is not proven again here (scripts/prove_4x4.sh proves it directly).
fail() { echo "slurm_test: FAILED: $*"; exit 1; }
winner=$(head -1 combine.txt | cut -d' ' -f1)
case "$winner" in Red | Blue) ;; *) fail "combine decided nothing: $(cat combine.txt)" ;; esac
# The second player wins 4x4 (docs/solving.md).
[ "$winner" = Blue ] || fail "combine says $winner wins the 4x4 start; Blue does"
grep -q "^proof checked: $winner wins from $position " verify.txt || fail "verify-proof: $(cat verify.txt)"
# The time limit stopped a job, Slurm requeued it, and it went on from its checkpoint.
resumed=$(grep -l "resuming from its proven positions" work/logs/*.txt || true)
[ -n "$resumed" ] || fail "no job was stopped at its time limit and resumed"
for log in $resumed; do
    echo "slurm_test: $(basename "$log" .txt) stopped by the time limit, requeued, resumed:"
    grep -E "^(unknown|checkpoint|Red wins|Blue wins)" "$log" | sed 's/^/    /'
done
echo "slurm_test: passed in $(($(date +%s) - start)) s"
