#!/usr/bin/env python3
"""Checks that every number of an old README still appears in the documentation.

Usage: scripts/check_figures.py [REVISION]   (default: cc5e60c, the last 894-line README)

Takes every number written in `git show REVISION:README.md` (figures such as 0.483, 5265402,
1,688,036,388 or 7.58; also the numbers inside commands and dates) and looks for each, as the
same text, in README.md and docs/*.md. Prints those it cannot find and exits 1 if there are
any: when the docs were reorganised (issue 27), figures were to move, none to be lost.
"""
import glob
import re
import subprocess
import sys

revision = sys.argv[1] if len(sys.argv) > 1 else "cc5e60c"
old = subprocess.run(
    ["git", "show", f"{revision}:README.md"], capture_output=True, text=True, check=True
).stdout
new = "\n".join(open(p, encoding="utf-8").read() for p in ["README.md", *sorted(glob.glob("docs/*.md"))])

# A number: digits with optional thousands commas and a decimal part, not inside a word
# (so hashes such as df2801a and names such as x86-64 are left out).
NUMBER = re.compile(r"(?<![\w.])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w])|(?<![\w.])\d+(?:\.\d+)?(?![\w])")
figures = sorted(set(NUMBER.findall(old)), key=lambda n: (len(n), n))
bounded = re.compile(r"(?<![\w.,])%s(?![\d])")
missing = [n for n in figures if not re.search(bounded.pattern % re.escape(n), new)]
print(f"{len(figures)} distinct numbers in {revision}:README.md; {len(missing)} not found in the docs")
for n in missing:
    where = [line.strip() for line in old.splitlines() if n in line][:1]
    print(f"  {n}: {where[0][:100] if where else ''}")
sys.exit(1 if missing else 0)
