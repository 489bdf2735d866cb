"""Running out of memory (`ulimit -v`, a huge input) ends a command with a message and exit 1, not a
traceback."""

from __future__ import annotations

import pytest

from cardgen import cli


def test_a_memory_error_is_a_clean_error(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    def exhausted(*args: object, **kwargs: object) -> None:
        raise MemoryError

    monkeypatch.setattr(cli.cli, "main", exhausted)
    with pytest.raises(SystemExit) as ended:
        cli.main()
    assert ended.value.code == 1
    err = capsys.readouterr().err
    assert "out of memory" in err and "Traceback" not in err
