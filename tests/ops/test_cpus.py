"""The CPUs the process may use: the affinity mask, and the cgroup v2 quota of its own
cgroup and every one above (fake cgroup files here)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.ops.cpus import cgroup_quota, usable_cpus
from bot.ui.rendering import default_processes


def cgroups(tmp_path: Path, own: str, limits: dict[str, str]) -> tuple[Path, Path]:
    """A fake ``/sys/fs/cgroup`` with ``cpu.max`` files (folder -> content) and a fake
    ``/proc/self/cgroup`` naming ``own``."""
    root = tmp_path / "cgroup"
    (root / own.lstrip("/")).mkdir(parents=True)
    for folder, text in limits.items():
        (root / folder.lstrip("/") / "cpu.max").write_text(text + "\n")
    self_cgroup = tmp_path / "self-cgroup"
    self_cgroup.write_text(f"0::{own}\n")
    return root, self_cgroup


def test_a_containers_quota_is_its_cpus_rounded_up(tmp_path: Path) -> None:
    """``docker run --cpus 1.5``: cpu.max ``150000 100000`` at the container's root."""
    root, self_cgroup = cgroups(tmp_path, "/", {"/": "150000 100000"})
    assert cgroup_quota(root, self_cgroup) == 2
    assert usable_cpus(cgroup_root=root, self_cgroup=self_cgroup) == min(
        2, len(os.sched_getaffinity(0)))


def test_the_tightest_quota_above_the_process_counts(tmp_path: Path) -> None:
    root, self_cgroup = cgroups(tmp_path, "/system.slice/tapp.service",
                                {"/": "max 100000", "/system.slice": "100000 100000",
                                 "/system.slice/tapp.service": "300000 100000"})
    assert cgroup_quota(root, self_cgroup) == 1
    assert usable_cpus(cgroup_root=root, self_cgroup=self_cgroup) == 1


@pytest.mark.parametrize("text", ["max 100000", "", "garbage", "0 100000"])
def test_no_quota_leaves_the_affinity(tmp_path: Path, text: str) -> None:
    root, self_cgroup = cgroups(tmp_path, "/", {"/": text})
    assert cgroup_quota(root, self_cgroup) is None
    assert usable_cpus(cgroup_root=root, self_cgroup=self_cgroup) == len(
        os.sched_getaffinity(0))


def test_without_cgroup_v2_the_affinity_counts(tmp_path: Path) -> None:
    self_cgroup = tmp_path / "self-cgroup"
    self_cgroup.write_text("4:memory:/x\n1:cpu:/\n")  # cgroup v1 only
    assert cgroup_quota(tmp_path, self_cgroup) is None
    assert cgroup_quota(tmp_path, tmp_path / "missing") is None


def test_the_affinity_mask_counts_not_the_hosts_cores(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``taskset -c 0`` / ``docker run --cpuset-cpus 0`` on a bigger host."""
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0})
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    assert usable_cpus(cgroup_root=tmp_path, self_cgroup=tmp_path / "none") == 1


def test_the_image_workers_default_to_the_usable_cpus(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1, 2})
    monkeypatch.setattr(os, "cpu_count", lambda: 64)
    monkeypatch.setattr("bot.ops.cpus.cgroup_quota", lambda *a: None)
    assert default_processes() == 3
