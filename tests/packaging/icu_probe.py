"""Print, as JSON, what Qt's ICU-backed services answer (a script for test_bundle.py, not a test).

Run once with PySide6's own ICU data and once with the bundle's shrunk ``libicudata``
preloaded (``LD_PRELOAD``): the two outputs must be identical. Qt reaches ICU only from
QtCore: collation (QCollator, used by file dialogs), case mapping, character set converters
(QStringConverter) and time zones (QTimeZone ids, offsets and localized names); text is
shaped by HarfBuzz inside QtGui, checked here by rendering German words.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import (
    QCollator,
    QDateTime,
    QLocale,
    QStringConverter,
    QStringDecoder,
    QStringEncoder,
    Qt,
    QTimeZone,
)
from PySide6.QtGui import QColor, QFont, QGuiApplication, QImage, QPainter

WORDS = ["Zürich", "Äpfel", "apfel", "Apfel", "Ofen", "Öl", "Straße", "Strasse", "Zebra", "Übermut", "uber", "Ähre",
         "file10", "file9", "éclair", "Eclair", "ångström", "Ångström", "çà", "李", "日本", "ß", "ss", "Ärger"]
COLLATION_LOCALES = ["de_DE", "de_AT", "en_US", "en_GB", "sv_SE", "fr_FR", "tr_TR", "zh_CN", "ja_JP", "C", "da_DK",
                     "es_ES", "cs_CZ"]
CASE_LOCALES = ["de_DE", "en_US", "tr_TR", "lt_LT", "el_GR", "nl_NL"]
CODECS = ["windows-1252", "ISO-8859-15", "ISO-8859-2", "Shift_JIS", "EUC-KR", "GB18030", "Big5", "KOI8-R", "IBM437",
          "UTF-7", "macintosh"]
ZONES = ["Europe/Berlin", "Europe/Vienna", "America/New_York", "Asia/Kolkata", "Australia/Lord_Howe", "UTC",
         "Europe/Kyiv", "America/Argentina/Buenos_Aires"]
NAME_LOCALES = ["de_DE", "en_US", "fr_FR", "ja_JP"]


def probe() -> dict[str, object]:
    """Everything above, as plain data."""
    app = QGuiApplication([])  # noqa: F841 (fonts need it)
    out: dict[str, object] = {}
    for loc in COLLATION_LOCALES:
        c = QCollator(QLocale(loc))
        out[f"sort {loc}"] = sorted(WORDS, key=functools.cmp_to_key(c.compare))
        c.setNumericMode(True)
        out[f"numeric {loc}"] = sorted(WORDS, key=functools.cmp_to_key(c.compare))
        c.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        out[f"caseless {loc}"] = [c.compare("Äpfel", "äpfel"), c.compare("straße", "STRASSE")]
    for loc in CASE_LOCALES:
        lo = QLocale(loc)
        out[f"case {loc}"] = [lo.toUpper("straße iı ǆ ﬁ"), lo.toLower("İSTANBUL ΣΑΣ IJ"), lo.toUpper("ĳssel")]
    for name in CODECS:
        dec, enc = QStringDecoder(name), QStringEncoder(name)  # ucnv_open: loads the converter's table
        out[f"codec {name}"] = [dec.isValid(), dec.name(), enc.isValid(), enc.requiredSpace(10)]
    out["codecs"] = QStringConverter.availableCodecs()
    out["zones"] = [bytes(z).decode() for z in QTimeZone.availableTimeZoneIds()]
    winter, summer = QDateTime.fromSecsSinceEpoch(1700000000), QDateTime.fromSecsSinceEpoch(1690000000)
    types = (QTimeZone.TimeType.StandardTime, QTimeZone.TimeType.DaylightTime, QTimeZone.TimeType.GenericTime)
    for zone in ZONES:
        tz = QTimeZone(zone.encode())
        row: list[object] = [tz.isValid(), tz.offsetFromUtc(winter), tz.offsetFromUtc(summer), tz.comment(),
                             tz.territory().name]
        for loc in NAME_LOCALES:
            for kind in QTimeZone.NameType:
                row += [tz.displayName(t, kind, QLocale(loc)) for t in types]
            row.append(tz.displayName(summer, QTimeZone.NameType.LongName, QLocale(loc)))
        out[f"zone {zone}"] = row
    for loc in ("de_DE", "en_US"):
        lo = QLocale(loc)
        out[f"format {loc}"] = [lo.toString(winter, QLocale.FormatType.LongFormat),
                                lo.toString(summer, "dddd d. MMMM yyyy HH:mm t tttt"), lo.toCurrencyString(1234.5),
                                lo.nativeLanguageName(), lo.nativeTerritoryName()]
    img = QImage(420, 40, QImage.Format.Format_ARGB32)
    img.fill(QColor("white"))
    p = QPainter(img)
    font = QFont()
    font.setPixelSize(20)
    p.setFont(font)
    p.drawText(5, 28, "Größe Ärger Übermut Straße ﬁ")
    p.end()
    out["render"] = hashlib.sha256(bytes(img.constBits())).hexdigest()
    with open("/proc/self/maps", encoding="utf-8") as maps:
        out["libicudata"] = sorted({line.split()[-1] for line in maps if "libicudata" in line})
    return out


if __name__ == "__main__":
    json.dump(probe(), sys.stdout, ensure_ascii=False, indent=1)
