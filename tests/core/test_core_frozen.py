"""Issue 17's check that a new game needs no change to the kernel: every file of
``engine/core`` is pinned by its SHA-256 in ``core.sha256`` beside this test.  A game
(A Distant Plain, Asia Crossroads, the next one) lives in ``engine/coin`` and
``engine/games``; if this test fails, the kernel was edited.  A deliberate kernel change
(one no game needs, e.g. for speed) is recorded in ``docs/core-changes.md`` with its
reason, and the failure message gives the lines to pin it with."""

from __future__ import annotations

import hashlib

from tests.conftest import REPO

CORE = REPO / "engine" / "core"
PINNED = REPO / "tests" / "core" / "core.sha256"


def digests() -> dict[str, str]:
    return {path.relative_to(REPO).as_posix():
            hashlib.sha256(path.read_bytes()).hexdigest()
            for path in sorted(CORE.rglob("*.py"))}


def pinned() -> dict[str, str]:
    lines = PINNED.read_text(encoding="utf-8").splitlines()
    return {name: digest for digest, name in (line.split() for line in lines if line)}


def test_engine_core_is_the_pinned_kernel() -> None:
    now, pins = digests(), pinned()
    changed = sorted(n for n in now.keys() | pins.keys() if now.get(n) != pins.get(n))
    manifest = "\n".join(f"{d}  {n}" for n, d in now.items())
    assert not changed, (
        f"engine/core changed: {', '.join(changed)}.  A game must not need a kernel change "
        "(issue 17).  If this one is deliberate, record why in docs/core-changes.md and "
        f"pin it in tests/core/core.sha256:\n{manifest}")


def test_the_pinned_kernel_is_every_file_of_engine_core() -> None:
    assert set(pinned()) == set(digests())
