#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, and the book's job-array
# recipe run on it: queens n=12 cut into 8 parts, one array task each,
# merged with `solve merge` and checked against the sequential count.
#
# usage: scripts/slurm-local.sh        (as root: it installs Debian's slurm-wlm
#                                       and munge, and starts their daemons)
# env:   N (default 12), PARTS (default 8), WORK (default /tmp/solve-slurm)
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
N=${N:-12}
PARTS=${PARTS:-8}
WORK=${WORK:-/tmp/solve-slurm}

if ! command -v slurmctld >/dev/null || ! command -v munged >/dev/null; then
  echo "slurm-local: installing slurm-wlm and munge" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq slurm-wlm munge >/dev/null
fi
(cd "$REPO" && cargo build --release -q)
SOLVE=$REPO/target/release/solve

mkdir -p "$WORK" /var/spool/slurmctld /var/spool/slurmd /var/log/slurm /run/munge
CPUS=$(nproc)
HOST=$(hostname -s)
CONF_DIR=/etc/slurm
mkdir -p "$CONF_DIR"
cat > "$CONF_DIR/slurm.conf" <<CONF
ClusterName=solve-local
SlurmctldHost=$HOST
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
StateSaveLocation=/var/spool/slurmctld
SlurmdSpoolDir=/var/spool/slurmd
SlurmctldPidFile=/run/slurmctld.pid
SlurmdPidFile=/run/slurmd.pid
SlurmctldLogFile=/var/log/slurm/slurmctld.log
SlurmdLogFile=/var/log/slurm/slurmd.log
ProctrackType=proctrack/linuxproc
MpiDefault=none
TaskPlugin=task/none
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
NodeName=$HOST CPUs=$CPUS State=UNKNOWN
PartitionName=debug Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
CONF
# Slurm 22.05 (Debian 12) has no `disabled` cgroup plugin: let it find
# the machine's, without systemd (a container has none).
printf 'CgroupPlugin=autodetect\nIgnoreSystemd=yes\n' > "$CONF_DIR/cgroup.conf"

# munge: a key, then the daemon (no systemd in a container).
if [ ! -s /etc/munge/munge.key ]; then
  mkdir -p /etc/munge
  dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key status=none
fi
chown -R munge:munge /etc/munge /run/munge /var/lib/munge /var/log/munge 2>/dev/null || true
chmod 400 /etc/munge/munge.key
pgrep -x munged >/dev/null || runuser -u munge -- munged
# The controller first (slurmd backs off for a minute when it cannot
# register), then the node, then wait until the node takes jobs.
pgrep -x slurmctld >/dev/null || slurmctld
for _ in $(seq 1 30); do scontrol ping 2>/dev/null | grep -q UP && break; sleep 1; done
pgrep -x slurmd >/dev/null || slurmd
for _ in $(seq 1 120); do
  sinfo -h -o %T 2>/dev/null | grep -qE 'idle|mixed|alloc' && break
  sleep 1
done
sinfo
sinfo -h -o %T | grep -qE 'idle|mixed|alloc' ||
  { echo "slurm-local: the node did not come up; see /var/log/slurm/" >&2; exit 1; }

rm -f "$WORK"/part-*.json
cd "$REPO"
# The book's recipe (docs/parallel.md): one array task per part, each writes its result line.
sbatch --wait --array=0-$((PARTS - 1)) --output=/dev/null --chdir="$REPO" --wrap \
  "$SOLVE specs/queens.toml --set n=$N --no-symmetry --count -j 1 --part \$SLURM_ARRAY_TASK_ID/$PARTS --json > $WORK/part-\$SLURM_ARRAY_TASK_ID.json"
merged=$("$SOLVE" merge "$WORK"/part-*.json)
sequential=$("$SOLVE" specs/queens.toml --set n=$N --no-symmetry --count -j 1)
echo "slurm-local: $PARTS array tasks merged: $merged; sequential: $sequential"
[ "$merged" = "$sequential" ] || { echo "slurm-local: MISMATCH" >&2; exit 1; }
echo "slurm-local: OK"
