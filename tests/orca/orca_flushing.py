"""Start Orca with a debug log that is written line by line (Orca opens it block-buffered).

Run with Debian's python3: ``python3 orca_flushing.py --debug-file LOG --replace``. The test reads
the log while Orca runs, so every line must reach the file at once.
"""

import runpy
import sys

from orca import debug  # Debian's Orca (python3 dist-packages)

_println = debug.println


def println(*args, **kwargs):  # type: ignore[no-untyped-def]
    """Orca's println, then a flush."""
    _println(*args, **kwargs)
    if debug.debugFile is not None:
        debug.debugFile.flush()


debug.println = println
sys.argv = ["orca", *sys.argv[1:]]
runpy.run_path("/usr/bin/orca", run_name="__main__")
