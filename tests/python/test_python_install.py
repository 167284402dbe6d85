"""The three ways to install the Python module, each used as a user would, from a fresh process whose
working directory is elsewhere: the build tree's package (PYTHONPATH=build/app/python, what the other tests
use), `cmake --install` into a prefix (Debian's layout: lib/python3.X/dist-packages, the data in
share/maniplab), and `pip install --no-build-isolation .` from a copy of the source tree into a
`python3 -m venv --system-site-packages` (Debian's setuptools, wheel, CMake, pybind11, NumPy; no download).

Each checks where the module was imported from, that it finds the shipped robots and scenes, computes a
mass matrix equal to the build tree's bit for bit, and runs a scene.

The pip route compiles the Qt-free core a second time (8-9 minutes on 2 cores, most of this test's cost in
CI): here pip builds the module in the test's own build tree (setup.py's MANIPLAB_CMAKE_TREE), and the
Qt-free tree that pip would configure is configured apart and its compile commands checked (every source
of model/, sim/ and app/python, no Qt include or library). MANIPLAB_TEST_PIP_FULL=1 makes pip compile its
own tree, as on a student's machine."""

import importlib.util
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
            if os.environ.get("MANIPLAB_TEST_PIP_FULL") != "1":
                env["MANIPLAB_CMAKE_TREE"] = BUILD_DIR
            p = subprocess.run([pip, "install", "--no-build-isolation", "--no-deps", src], capture_output=True, text=True,
                               env=env, cwd=tmp, timeout=3000)
            self.assertEqual(p.returncode, 0, p.stdout[-4000:] + p.stderr[-4000:])
            r = run_check(os.path.join(venv, "bin", "python"), cwd=tmp)
            self.assertTrue(r["file"].startswith(venv), r)
            self.assertTrue(r["data"].startswith(venv), r)  # robots/ and scenes/ inside the package
            self.assertEqual((r["M"], r["ok"], r["periods"], r["version"]),
                             (self.ref["M"], True, self.ref["periods"], self.ref["version"]))


    def test_qt_free_tree(self):
        """The tree pip configures (setup.py's configure_command): it builds the module from model/, sim/ and
        app/python with no Qt anywhere in its compile or link commands."""
        spec = importlib.util.spec_from_file_location("maniplab_setup", os.path.join(SOURCE_DIR, "setup.py"))
        setup_py = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(setup_py)  # defines configure_command; setup() runs only as __main__
        with tempfile.TemporaryDirectory() as tmp:
            tree = os.path.join(tmp, "cmake")
            p = subprocess.run(setup_py.configure_command(shutil.which("cmake"), tree), capture_output=True, text=True,
                               timeout=600)
            self.assertEqual(p.returncode, 0, p.stdout[-4000:] + p.stderr[-4000:])
            cache = open(os.path.join(tree, "CMakeCache.txt"), encoding="utf-8").read()
            self.assertIn("MANIPLAB_BUILD_GUI:BOOL=OFF", cache)
            self.assertIn("CMAKE_GENERATOR:INTERNAL=Ninja", cache)
            p = subprocess.run(["ninja", "-C", tree, "-t", "commands", "_maniplab"], capture_output=True, text=True,
                               timeout=120)
            self.assertEqual(p.returncode, 0, p.stderr)
            commands = p.stdout.splitlines()
            qt = [c for c in commands if "qt6" in c.lower() or "libQt" in c]
            self.assertEqual(qt, [], "the Qt-free tree's commands name Qt")
            for part in ("/model/src/", "/sim/src/", "/sim/ethercat/src/", "/app/python/src/"):
                self.assertTrue(any(part in c for c in commands), "no source of %s in the module's build" % part)
            self.assertFalse(any("/ui/src/" in c for c in commands), "the module's build compiles the GUI")
            self.assertTrue(commands[-1].rstrip().split()[-1].endswith(".so") or "_maniplab" in commands[-1], commands[-1])


if __name__ == "__main__":
    main()
