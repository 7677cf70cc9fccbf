"""``var/secret_key`` (issue 20): created readable by its owner only, an existing one tightened."""

from __future__ import annotations

import stat

from eredan.settings import secret_key_file


def mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_created_with_mode_600(tmp_path):
    path = tmp_path / "secret_key"
    key = secret_key_file(path)
    assert len(key) >= 50
    assert mode(path) == 0o600


def test_created_600_whatever_the_umask(tmp_path):
    import os

    old = os.umask(0)
    try:
        path = tmp_path / "secret_key"
        secret_key_file(path)
    finally:
        os.umask(old)
    assert mode(path) == 0o600


def test_same_key_on_the_next_start(tmp_path):
    path = tmp_path / "secret_key"
    assert secret_key_file(path) == secret_key_file(path)


def test_an_existing_readable_key_is_tightened(tmp_path):
    path = tmp_path / "secret_key"
    path.write_text("kept-as-it-is\n")
    path.chmod(0o644)
    assert secret_key_file(path) == "kept-as-it-is"
    assert mode(path) == 0o600


def test_a_key_that_cannot_be_tightened_is_warned_about(tmp_path, monkeypatch, capsys):
    from pathlib import Path

    path = tmp_path / "secret_key"
    path.write_text("theirs")
    path.chmod(0o644)

    def refuse(self, mode):
        raise PermissionError("not the owner")

    monkeypatch.setattr(Path, "chmod", refuse)
    assert secret_key_file(path) == "theirs"
    assert "readable by others (mode 644)" in capsys.readouterr().err
