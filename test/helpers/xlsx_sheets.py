# A second reader of the .xlsx dumps (Python's zipfile and XML parser, not SheetJS): per sheet, as JSON, its
# row count, its first two rows and first column (every row, for the first sheet).
import json
import re
import sys
import zipfile
import xml.etree.ElementTree as ET

NS = {
    "m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "p": "http://schemas.openxmlformats.org/package/2006/relationships",
}
REL_ID = "{%s}id" % NS["r"]


def shared_strings(z):
    if "xl/sharedStrings.xml" not in z.namelist():
        return []
    root = ET.fromstring(z.read("xl/sharedStrings.xml"))
    return ["".join(t.text or "" for t in si.iter("{%s}t" % NS["m"])) for si in root.findall("m:si", NS)]


def number_formats(z):
    """The number format code of each cell style index (built-in 14 is a date too)."""
    root = ET.fromstring(z.read("xl/styles.xml"))
    custom = {f.get("numFmtId"): f.get("formatCode") for f in root.iter("{%s}numFmt" % NS["m"])}
    xfs = root.find("m:cellXfs", NS)
    return [custom.get(xf.get("numFmtId"), xf.get("numFmtId")) for xf in (xfs if xfs is not None else [])]


def cell(c, strings, formats):
    """A cell as [type, text, number format]: type is the XML's t (n when absent)."""
    kind = c.get("t", "n")
    if kind == "inlineStr":
        text = "".join(t.text or "" for t in c.iter("{%s}t" % NS["m"]))
    else:
        v = c.find("m:v", NS)
        text = v.text if v is not None else None
        if kind == "s" and text is not None:
            text = strings[int(text)]
    style = int(c.get("s", "0"))
    return [kind, text, formats[style] if style < len(formats) else None]


def column_of(ref):
    letters = re.match(r"[A-Z]+", ref).group(0)
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n - 1


def sheets(path):
    z = zipfile.ZipFile(path)
    strings = shared_strings(z)
    formats = number_formats(z)
    rels = ET.fromstring(z.read("xl/_rels/workbook.xml.rels"))
    target = {r.get("Id"): r.get("Target") for r in rels.findall("p:Relationship", NS)}
    book = ET.fromstring(z.read("xl/workbook.xml"))
    out = []
    row_tag = "{%s}row" % NS["m"]
    for s in book.find("m:sheets", NS):
        whole = len(out) == 0
        rows, first_column = [], []
        path = "xl/" + target[s.get(REL_ID)].lstrip("/").removeprefix("xl/")
        # Streamed, each row dropped once read: only the first two rows (every row of the first sheet) are read whole.
        for _, row in ET.iterparse(z.open(path), events=("end",)):
            if row.tag != row_tag:
                continue
            if whole or len(rows) < 2:
                cells = {column_of(c.get("r")): cell(c, strings, formats) for c in row.findall("m:c", NS)}
                width = max(cells) + 1 if cells else 0
                rows.append([cells.get(i) for i in range(width)])
                first_column.append(cells.get(0))
            else:
                c = row.find("m:c", NS)
                first_column.append(cell(c, strings, formats) if c is not None and column_of(c.get("r")) == 0 else None)
            row.clear()
        out.append({"name": s.get("name"), "count": len(first_column), "rows": rows, "firstColumn": first_column})
    return out


if __name__ == "__main__":
    json.dump(sheets(sys.argv[1]), sys.stdout, ensure_ascii=False)
