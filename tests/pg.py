"""A PostgreSQL server for the tests (issue 18), a pytest plugin loaded by tests/conftest.py.

The server is, in this order: ``COURIER_TEST_POSTGRES`` (an
admin URL of a running server, e.g. in CI), or a throwaway cluster started with the
``initdb``/``pg_ctl`` on PATH or in Debian's /usr/lib/postgresql/*/bin.  Without either
the PostgreSQL tests are skipped with the reason.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

try:
    import psycopg
except ImportError:  # pragma: no cover - the [postgres] extra is not installed
    psycopg = None  # type: ignore[assignment]


def _pg_bin() -> Path | None:
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(folder) / "initdb").exists():
            return Path(folder)
    return None


@pytest.fixture(scope="session")
def pg_admin() -> Iterator[str]:
    """The admin URL of a PostgreSQL server for the tests."""
    if psycopg is None:
        pytest.skip("PostgreSQL tests: psycopg is not installed (pip install .[postgres])")
    given = os.environ.get("COURIER_TEST_POSTGRES")
    if given:
        yield given
        return
    bindir = _pg_bin()
    if bindir is None:
        pytest.skip("PostgreSQL tests: no COURIER_TEST_POSTGRES and no initdb on this machine")
    # pytest's own temp folders are private to their owner: the cluster needs its own
    folder = Path(tempfile.mkdtemp(prefix="courier-pg-"))
    data, sock = folder / "data", folder
    prefix: list[str] = []
    if os.geteuid() == 0:  # initdb refuses root: run the cluster as the postgres user
        if not shutil.which("runuser"):
            pytest.skip("PostgreSQL tests: running as root without runuser")
        shutil.chown(folder, "postgres")
        prefix = ["runuser", "-u", "postgres", "--"]
    subprocess.run([*prefix, str(bindir / "initdb"), "-D", str(data), "-A", "trust",
                    "-U", "postgres"], check=True, capture_output=True)
    subprocess.run([*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-w", "-l",
                    str(folder / "log"), "-o", f"-k {sock} -c listen_addresses='' "
                    "-c fsync=off -c max_connections=200", "start"],
                   check=True, capture_output=True)
    try:
        yield f"postgresql://postgres@/postgres?host={sock}"
    finally:
        subprocess.run([*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate",
                        "stop"], capture_output=True)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def pg_url(pg_admin: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A fresh PostgreSQL database for one test, dropped after it with every pool the
    test opened in this process."""
    admin = pg_admin
    from engine.store import postgres

    opened: list[Any] = []
    init = postgres.PostgresStore.__init__

    def tracked(self: Any, *args: Any, **kwargs: Any) -> None:
        opened.append(self)
        init(self, *args, **kwargs)

    monkeypatch.setattr(postgres.PostgresStore, "__init__", tracked)
    name = "t_" + uuid.uuid4().hex[:16]
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    yield admin.replace("/postgres?", f"/{name}?", 1)
    for store in opened:  # this process's pools; other processes have exited
        store.close()
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE {name} WITH (FORCE)")
