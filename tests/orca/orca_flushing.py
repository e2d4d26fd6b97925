"""Start Orca with a debug log that is written line by line (Orca opens it block-buffered), beside any other Orca.

Run with Debian's python3: ``python3 orca_flushing.py --debug-file LOG``. The test reads the log while
Orca runs, so every line must reach the file at once. Orca allows one instance per user: it refuses to
start while another runs, and ``--replace`` kills every other one of the user's (found by process name),
on any display. Each test desktop has its own display and session bus, so two of them (two people's test
runs on one machine, or a test and a bench) must not know of each other: the check finds no other Orca.
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
launcher = runpy.run_path("/usr/bin/orca", run_name="orca_launcher")  # its functions, main() not yet run
launcher["main"].__globals__["otherOrcas"] = lambda: []  # this desktop's Orca is the only one it knows
sys.exit(launcher["main"]())
