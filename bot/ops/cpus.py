"""The CPUs this process may use: what sizes its worker pools by default.

``os.cpu_count()`` is the host's cores; in a container limited to fewer (``docker run
--cpus 2``, a Kubernetes CPU limit) a worker per host core only makes them wait for
each other. The count here is the smaller of the CPUs the process may be scheduled on
(``os.sched_getaffinity``, where the platform has it: ``docker run --cpuset-cpus``,
``taskset``) and the cgroup v2 CPU quota (``cpu.max``: ``QUOTA PERIOD``, or ``max``)
of the process's cgroup and of every cgroup above it, rounded up; at least 1.
"""

from __future__ import annotations

import math
import os
from pathlib import Path

CGROUP_ROOT = Path("/sys/fs/cgroup")
SELF_CGROUP = Path("/proc/self/cgroup")


def usable_cpus(*, cgroup_root: Path = CGROUP_ROOT, self_cgroup: Path = SELF_CGROUP) -> int:
    """The CPUs this process may use (see the module's docstring)."""
    affinity = getattr(os, "sched_getaffinity", None)  # not on macOS and Windows
    cpus = len(affinity(0)) if affinity is not None else os.cpu_count() or 1
    quota = cgroup_quota(cgroup_root, self_cgroup)
    return max(1, min(cpus, quota) if quota is not None else cpus)


def cgroup_quota(cgroup_root: Path = CGROUP_ROOT,
                 self_cgroup: Path = SELF_CGROUP) -> int | None:
    """The tightest cgroup v2 CPU quota over the process's cgroup and its ancestors, in
    CPUs rounded up; None without one (no cgroup v2, or ``max`` all the way up)."""
    try:
        lines = self_cgroup.read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    own = next((line[3:] for line in lines if line.startswith("0::")), None)
    if own is None:  # cgroup v1 only
        return None
    folder = cgroup_root / own.strip().lstrip("/")
    quotas = []
    while True:
        quota = _cpu_max(folder / "cpu.max")
        if quota is not None:
            quotas.append(quota)
        if folder == cgroup_root or cgroup_root not in folder.parents:
            break
        folder = folder.parent
    return min(quotas) if quotas else None


def _cpu_max(path: Path) -> int | None:
    try:
        fields = path.read_text(encoding="utf-8").split()
    except OSError:
        return None
    if len(fields) != 2 or fields[0] == "max":
        return None
    try:
        quota, period = int(fields[0]), int(fields[1])
    except ValueError:
        return None
    return max(1, math.ceil(quota / period)) if quota > 0 and period > 0 else None
