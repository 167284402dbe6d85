"""The example notebooks of app/python/notebooks executed top to bottom, headless (nbclient with Debian's
python3-ipykernel, matplotlib's Agg backend), as a course would run them. Their figures are saved as PNG
files (and the executed notebooks beside them) under build/screenshots/notebooks/, the CI's artifacts."""

import base64
import glob
import os
import unittest

from support import SOURCE_DIR, main

try:
    import nbformat
    from nbclient import NotebookClient
except ImportError:  # python3-nbclient (install-deps.sh installs it)
    NotebookClient = None

NOTEBOOKS = sorted(glob.glob(os.path.join(SOURCE_DIR, "app", "python", "notebooks", "*.ipynb")))
OUT = os.path.join(os.environ.get("MANIPLAB_SCREENSHOT_DIR", "."), "notebooks")


@unittest.skipIf(NotebookClient is None, "python3-nbclient is not installed")
class Notebooks(unittest.TestCase):
    def test_there_are_notebooks(self):
        self.assertGreaterEqual(len(NOTEBOOKS), 3)

    def test_execute(self):
        os.makedirs(OUT, exist_ok=True)
        os.environ.pop("MPLBACKEND", None)  # the kernel draws inline, as in Jupyter (ctest sets Agg for the others)
        for path in NOTEBOOKS:
            name = os.path.splitext(os.path.basename(path))[0]
            with self.subTest(notebook=name):
                nb = nbformat.read(path, as_version=4)
                for cell in nb.cells:  # committed without outputs: the outputs come from this run
                    if cell.cell_type == "code":
                        self.assertEqual(cell.get("outputs", []), [], "%s: commit the notebook without outputs" % name)
                client = NotebookClient(nb, timeout=600, kernel_name="python3",
                                        resources={"metadata": {"path": os.path.dirname(path)}})
                client.execute()  # raises CellExecutionError with the cell and the traceback on an error
                figures = 0
                for cell in nb.cells:
                    for output in cell.get("outputs", []):
                        self.assertNotEqual(output.get("output_type"), "error")
                        png = output.get("data", {}).get("image/png")
                        if png:
                            figures += 1
                            with open(os.path.join(OUT, "%s_%d.png" % (name, figures)), "wb") as f:
                                f.write(base64.b64decode(png))
                self.assertGreater(figures, 0, name + " drew no figure")
                nbformat.write(nb, os.path.join(OUT, name + ".ipynb"))


if __name__ == "__main__":
    main()
