"""The exceptions and warnings of the maniplab module, and how the file readers' findings become them.

Every reader of ManipLab (robot files, URDF, scenes of every kind) reports findings that name the file and
the JSON pointer (or URDF element) of the field, the same text `maniplab-cli` prints.
"""

import errno
import os
import warnings

import numpy


class FileError(ValueError):
    """A robot or scene document that its reader refused.

    The message is the reader's report (one finding per line, ``FILE:/json/pointer: error: message``, as
    ``maniplab-cli`` prints it); ``diagnostics`` keeps every finding (maniplab.Diagnostic: ``file``,
    ``pointer``, ``severity``, ``message``, ``code``).
    """

    def __init__(self, message, diagnostics=()):
        super().__init__(message)
        self.diagnostics = list(diagnostics)


class FileWarning(UserWarning):
    """A finding of a file reader that does not stop the file from loading (e.g. an inertia that violates
    the triangle inequality); the robot or scene is usable."""


class SingularMassMatrixError(numpy.linalg.LinAlgError, ValueError):
    """The mass matrix (or an articulated inertia) is singular at the state given: the forward dynamics has
    no solution there. The message names the joint."""


class ControllerError(RuntimeError):
    """A controller written in Python raised an exception, or returned something other than n finite joint
    torques, during a run. The run stopped at that control period; ``run`` holds it (every row up to the
    fault) and the original exception is the ``__cause__``."""

    def __init__(self, message, run=None):
        super().__init__(message)
        self.run = run


def report(diagnostics, what):
    """Raises for the errors among a reader's findings (FileNotFoundError for a file that does not exist,
    FileError otherwise) and issues the warnings as FileWarning. Called by the extension's readers."""
    errors = [d for d in diagnostics if d.severity == "error"]
    if errors:
        if len(errors) == 1 and errors[0].code == "file.cannot_open":
            path = errors[0].file or what
            text = str(errors[0])
            if not os.path.exists(path):
                raise FileNotFoundError(errno.ENOENT, text, path)
            if os.path.isdir(path):
                raise IsADirectoryError(errno.EISDIR, text, path)
            raise PermissionError(errno.EACCES, text, path)
        raise FileError("\n".join(str(d) for d in diagnostics), diagnostics)
    for d in diagnostics:
        # stacklevel: the user's call (report <- the extension's reader <- the user's line)
        warnings.warn(str(d), FileWarning, stacklevel=3)
