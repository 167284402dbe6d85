"""Builds the Python module `maniplab` with CMake (pyproject.toml says why and how).

    pip install --no-build-isolation .

configures a Qt-free build of ManipLab (-DMANIPLAB_BUILD_GUI=OFF, no tests, no bench) in build-pip/cmake for
the interpreter running pip, builds the target _maniplab alone, and puts in the package: the extension, the
pure-Python files of app/python/maniplab, and the shipped robots/ and scenes/ (maniplab.data_path finds them
there). The version is the project's (project(ManipLab VERSION ...) in CMakeLists.txt).

    MANIPLAB_CMAKE_TREE=build pip install --no-build-isolation .

builds the module in an existing build tree instead (one configured with -DMANIPLAB_BUILD_PYTHON=ON for the
same Python), without compiling the core again.
"""

import glob
import os
import re
import shutil
import subprocess
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))
PIP_BUILD = os.path.join(ROOT, "build-pip")  # setuptools' and CMake's trees, apart from build/


def project_version():
    with open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8") as f:
        m = re.search(r"project\(ManipLab VERSION ([0-9][0-9.]*)", f.read())
    if not m:
        raise RuntimeError("CMakeLists.txt: project(ManipLab VERSION ...) not found")
    return m.group(1)


def configure_command(cmake, tree):
    """The CMake command that configures the Qt-free tree `tree` for this interpreter (module, no GUI, tests or
    bench). tests/python/test_python_install.py checks that its compile commands name no Qt."""
    args = [cmake, "-S", ROOT, "-B", tree, "-DCMAKE_BUILD_TYPE=Release", "-DMANIPLAB_BUILD_GUI=OFF",
            "-DMANIPLAB_BUILD_TESTS=OFF", "-DMANIPLAB_BUILD_BENCH=OFF", "-DMANIPLAB_BUILD_PYTHON=ON",
            "-DPython_EXECUTABLE=" + sys.executable]
    if shutil.which("ninja") and not os.path.exists(os.path.join(tree, "CMakeCache.txt")):
        args += ["-G", "Ninja"]
    return args


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        cmake = shutil.which("cmake")
        if not cmake:
            raise RuntimeError("cmake is needed to build maniplab (Debian: apt install cmake; ./install-deps.sh "
                               "installs everything the build needs)")
        # MANIPLAB_CMAKE_TREE: a ManipLab build tree already configured with -DMANIPLAB_BUILD_PYTHON=ON for this
        # interpreter (e.g. the release preset's build/): _maniplab is built there instead of in a tree of
        # its own, which saves compiling the core a second time on a machine that has built ManipLab.
        existing = os.environ.get("MANIPLAB_CMAKE_TREE")
        if existing:
            tree = os.path.abspath(os.path.join(ROOT, existing))  # a relative path: from the source tree
            if not os.path.exists(os.path.join(tree, "CMakeCache.txt")):
                raise RuntimeError("MANIPLAB_CMAKE_TREE=%s: not a configured CMake build tree (no CMakeCache.txt)" % tree)
        else:
            tree = os.path.join(PIP_BUILD, "cmake")
            subprocess.check_call(configure_command(cmake, tree))
        jobs = str(os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or os.cpu_count() or 2)
        subprocess.check_call([cmake, "--build", tree, "--target", "_maniplab", "--parallel", jobs])

        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        built = glob.glob(os.path.join(tree, "app", "python", "maniplab", "_maniplab*.so"))
        if len(built) != 1:
            raise RuntimeError("the build gave %d extension modules in %s" % (len(built), tree))
        if not built[0].endswith(suffix):
            raise RuntimeError("%s was built for another Python than %s (extension suffix %s): configure that tree with "
                               "-DPython_EXECUTABLE=%s" % (built[0], sys.executable, suffix, sys.executable))
        dest = self.get_ext_fullpath(ext.name)
        package = os.path.dirname(dest)
        os.makedirs(package, exist_ok=True)
        shutil.copyfile(built[0], dest)
        shutil.copyfile(os.path.join(tree, "app", "python", "install", "_build_info.py"),
                        os.path.join(package, "_build_info.py"))
        for data in ("robots", "scenes"):
            target = os.path.join(package, "data", data)
            shutil.rmtree(target, ignore_errors=True)
            shutil.copytree(os.path.join(ROOT, data), target)


# setuptools' build_meta runs this file as __main__; tests/python/test_python_install.py imports it for
# configure_command().
if __name__ == "__main__":
    os.makedirs(PIP_BUILD, exist_ok=True)
    setup(
        version=project_version(),
        packages=["maniplab"],
        package_dir={"maniplab": "app/python/maniplab"},
        ext_modules=[Extension("maniplab._maniplab", sources=[])],
        cmdclass={"build_ext": CMakeBuild},
        zip_safe=False,
        # setuptools' own trees under build-pip/, apart from CMake's build/ (the release preset's)
        options={"build": {"build_base": os.path.join("build-pip", "setuptools")}, "egg_info": {"egg_base": "build-pip"}},
    )
