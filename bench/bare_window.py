"""The yardstick for start-up: a bare PySide6 QMainWindow of the app's size (1280×720), shown and left open.

Why: the app cannot start faster than Python, PySide6 and Qt opening one empty window, so
``bench/startup.py`` times this script beside the app, alternately, and prints their ratio.
"""

import sys

from PySide6.QtWidgets import QApplication, QMainWindow

app = QApplication(sys.argv[:1])
window = QMainWindow()
window.resize(1280, 720)
window.show()
sys.exit(app.exec())
