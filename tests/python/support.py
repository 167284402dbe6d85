"""Shared set-up of the Python module's tests (tests/python): where the source tree, the CLI and the build
are (ctest sets MANIPLAB_SOURCE_DIR, MANIPLAB_CLI, MANIPLAB_BUILD_DIR and PYTHONPATH to the build tree's
package), and running maniplab-cli as the reference."""

import json
import os
import subprocess
import sys
import unittest

SOURCE_DIR = os.environ.get("MANIPLAB_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
CLI = os.environ.get("MANIPLAB_CLI", "")
BUILD_DIR = os.environ.get("MANIPLAB_BUILD_DIR", "")


def source(*parts):
    return os.path.join(SOURCE_DIR, *parts)


def cli(*args, check=True):
    """Runs maniplab-cli; returns (status, stdout, stderr)."""
    if not CLI:
        raise unittest.SkipTest("MANIPLAB_CLI is not set (run the test through ctest)")
    p = subprocess.run([CLI, *args], capture_output=True, text=True, timeout=600)
    if check and p.returncode != 0:
        raise AssertionError("maniplab-cli %s failed (%d):\n%s%s" % (" ".join(args), p.returncode, p.stdout, p.stderr))
    return p.returncode, p.stdout, p.stderr


def cli_json(*args):
    return json.loads(cli(*args)[1])


def main():
    unittest.main(argv=[sys.argv[0], "-v"] + sys.argv[1:])
