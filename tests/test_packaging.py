"""Issue 27: the package as a player installs it, and the workflow a public forge runs.

``uv build`` gives a wheel and an sdist that pass ``twine check`` (the long description renders, its links absolute);
a fresh virtual environment installs the wheel alone and plays a German match from piped input. The workflow
(``.github/workflows/ci.yml``) cannot run on these machines: what can be checked here is that it is valid YAML, that
its Linux job is ``.ci/run`` itself, that Windows and macOS run the README's test command, and that the Windows
build uses the spec and checks it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
UV = shutil.which("uv")


def workflow() -> dict:
    return yaml.safe_load((ROOT / ".github" / "workflows" / "ci.yml").read_text(encoding="utf-8"))


def test_the_forges_linux_job_is_ci_run_and_the_others_run_the_readmes_test_command() -> None:
    jobs = workflow()["jobs"]
    linux = [step.get("run", "") for step in jobs["linux"]["steps"]]
    assert "bash .ci/run" in linux
    others = jobs["windows-macos"]
    assert set(others["strategy"]["matrix"]["os"]) == {"windows-latest", "macos-latest"}
    assert "uv run pytest" in [step.get("run") for step in others["steps"]]
    assert "uv run pytest" in (ROOT / "README.md").read_text(encoding="utf-8")
    build = " ".join(step.get("run", "") for step in jobs["windows-build"]["steps"])
    assert "scripts/frozen_check.py --build" in build and (ROOT / "packaging" / "commerce.spec").is_file()
    assert "uv run pytest" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


@pytest.mark.e2e
@pytest.mark.skipif(UV is None, reason="uv is not on the PATH")
def test_the_wheel_passes_twine_and_a_fresh_environment_plays_with_it(tmp_path: Path) -> None:
    assert UV is not None
    dist = tmp_path / "dist"
    subprocess.run([UV, "build", "--quiet", "--out-dir", str(dist)], cwd=ROOT, check=True, timeout=300)
    wheel, = dist.glob("*.whl")
    sdist, = dist.glob("*.tar.gz")
    checked = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(wheel), str(sdist)],
                             capture_output=True, text=True, timeout=120)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    with zipfile.ZipFile(wheel) as packed:
        names = packed.namelist()
        metadata = packed.read(next(n for n in names if n.endswith("METADATA"))).decode("utf-8")
    assert "commerce_a11y/locales/de/LC_MESSAGES/commerce.mo" in names  # compiled by the build
    assert "](https://github.com/commerce-a11y/commerce-a11y/blob/main/docs/playing.md)" in metadata
    assert "](docs/" not in metadata
    venv = tmp_path / "venv"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("VIRTUAL_ENV", "UV_PROJECT"))}
    subprocess.run([UV, "venv", "--quiet", str(venv)], check=True, timeout=120, env=env)
    scripts = venv / ("Scripts" if os.name == "nt" else "bin")
    subprocess.run([UV, "pip", "install", "--quiet", "--python", str(scripts / "python"), str(wheel)],
                   check=True, timeout=300, env=env)
    home = tmp_path / "home"
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               LANG="C.UTF-8")
    played = subprocess.run([str(scripts / "commerce"), "play", "--lang", "de", "--seed", "3", "--option",
                             "chips=1"], input="p\n" * 80, capture_output=True, text=True, timeout=120, env=env,
                            cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    assert "Runde 1." in played.stdout or "gibt." in played.stdout
    assert "Partie" in played.stdout.splitlines()[-1]
