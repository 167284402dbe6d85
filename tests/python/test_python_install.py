"""The three ways to install the Python module, each used as a user would, from a fresh process whose
working directory is elsewhere: the build tree's package (PYTHONPATH=build/app/python, what the other tests
use), `cmake --install` into a prefix (Debian's layout: lib/python3.X/dist-packages, the data in
share/maniplab), and `pip install --no-build-isolation .` from a copy of the source tree into a
`python3 -m venv --system-site-packages` (Debian's setuptools, wheel, CMake, pybind11, NumPy; no download).

Each checks where the module was imported from, that it finds the shipped robots and scenes, computes a
mass matrix equal to the build tree's bit for bit, and runs a scene."""

import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import unittest

from support import BUILD_DIR, SOURCE_DIR, main

CHECK = textwrap.dedent("""
    import json, sys, warnings
    import numpy as np
    warnings.simplefilter("ignore")
    import maniplab as ml
    puma = ml.Robot(ml.data_path("robots/puma560.json"))
    M = puma.mass_matrix(np.array([0.1, -0.4, 0.7, 0.2, 0.5, -0.3]))
    s = ml.Scene(ml.data_path("scenes/planar2r_teaching.json"))
    run = s.run("pid")
    print(json.dumps({"file": ml.__file__, "data": ml.data_dir(), "version": ml.__version__,
                      "M": M.tolist(), "ok": run.ok, "periods": run.periods}))
""")


def run_check(python, env_extra=None, cwd=None):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MANIPLAB_DATA_DIR")}
    env.update(env_extra or {})
    p = subprocess.run([python, "-c", CHECK], capture_output=True, text=True, env=env, cwd=cwd, timeout=600)
    if p.returncode != 0:
        raise AssertionError("the installed module failed:\n" + p.stdout + p.stderr)
    import json
    return json.loads(p.stdout.strip().splitlines()[-1])


def reference():
    """The same check with the build tree's package (the reference of the other two)."""
    with tempfile.TemporaryDirectory() as cwd:
        return run_check(sys.executable, {"PYTHONPATH": os.path.join(BUILD_DIR, "app", "python")}, cwd)


class Install(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        if not BUILD_DIR:
            raise unittest.SkipTest("MANIPLAB_BUILD_DIR is not set (run the test through ctest)")
        cls.ref = reference()

    def test_build_tree(self):
        self.assertTrue(self.ref["file"].startswith(os.path.join(BUILD_DIR, "app", "python", "maniplab")), self.ref)
        self.assertEqual(os.path.realpath(self.ref["data"]), os.path.realpath(SOURCE_DIR))
        self.assertTrue(self.ref["ok"])

    def test_cmake_install(self):
        cmake = os.environ.get("MANIPLAB_CMAKE", "cmake")
        with tempfile.TemporaryDirectory() as tmp:
            prefix = os.path.join(tmp, "prefix")
            p = subprocess.run([cmake, "--install", BUILD_DIR, "--prefix", prefix], capture_output=True, text=True)
            self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
            site = os.path.join(prefix, "lib", "python%d.%d" % sys.version_info[:2], "dist-packages")
            self.assertTrue(os.path.isfile(os.path.join(site, "maniplab", "__init__.py")), os.listdir(prefix))
            r = run_check(sys.executable, {"PYTHONPATH": site}, cwd=tmp)
            self.assertTrue(r["file"].startswith(os.path.join(site, "maniplab")), r)
            self.assertEqual(r["data"], os.path.join(prefix, "share", "maniplab"))
            self.assertEqual((r["M"], r["ok"], r["periods"], r["version"]),
                             (self.ref["M"], True, self.ref["periods"], self.ref["version"]))

    def test_pip_install_in_a_venv(self):
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, "src")
            # a copy of the source tree as a student has it (no build trees)
            shutil.copytree(SOURCE_DIR, src, symlinks=True,
                            ignore=shutil.ignore_patterns("build", "build-*", ".git", "__pycache__"))
            venv = os.path.join(tmp, "venv")
            subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", venv], check=True)
            pip = os.path.join(venv, "bin", "pip")
            env = dict(os.environ, PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1")
            env.pop("PYTHONPATH", None)
            p = subprocess.run([pip, "install", "--no-build-isolation", "--no-deps", src], capture_output=True, text=True,
                               env=env, cwd=tmp, timeout=3000)
            self.assertEqual(p.returncode, 0, p.stdout[-4000:] + p.stderr[-4000:])
            r = run_check(os.path.join(venv, "bin", "python"), cwd=tmp)
            self.assertTrue(r["file"].startswith(venv), r)
            self.assertTrue(r["data"].startswith(venv), r)  # robots/ and scenes/ inside the package
            self.assertEqual((r["M"], r["ok"], r["periods"], r["version"]),
                             (self.ref["M"], True, self.ref["periods"], self.ref["version"]))


if __name__ == "__main__":
    main()
