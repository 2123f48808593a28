#!/usr/bin/env python3
"""Checks that no figure of the documentation is lost when text moves, and that its links resolve.

Usage: scripts/check_figures.py

1. Figures. Takes every number written in the pages of two earlier revisions and looks for each,
   as the same text, in today's README.md and docs/ (every .md file below it, the results log
   included):
   - `cc5e60c:README.md`, the last 894-line README, before its sections moved to docs/;
   - `9827dc8:README.md` and `9827dc8:docs/*.md`, the pages before the measurements moved to
     the results log (docs/results/) and the guides were rewritten task-first.
   A number is a figure such as 0.483, 5265402, 1,688,036,388 or 7.58, and also the numbers
   inside commands and dates; hashes such as df2801a and names such as x86-64 are left out.
2. Links. Every relative link and image of those pages must name a file that exists and, after
   a `#`, a heading of that file. Pages that other work announces (ANNOUNCED) may be missing.
3. Paths. Every file of the repository a guide names (`src/...`, `tests/...`, `scripts/...`,
   `examples/...`, `benches/...`) must exist, so that a move of the code is followed by the
   guides. The results log is left out: it records the code as it was on each entry's day.

Prints what it cannot find and exits 1 if anything is missing. Run it from the repository's
root, in a clone with its history (CI's `.ci/run` does).
"""
import glob
import os
import re
import subprocess
import sys

BASELINES = [
    ("cc5e60c", ["README.md"]),
    ("9827dc8", ["README.md", "docs/*.md"]),
]
# Pages linked before they exist: written on other branches, merged after this check.
ANNOUNCED = {"docs/cluster.md", "docs/results/cluster.md", "docs/results/analysis.md",
             "docs/results/python.md"}

# Numbers of the old pages that were not figures, and why they may go.
NOT_FIGURES = {
    "002": "part of `spec/002`, a path outside the repository",
}

NUMBER = re.compile(r"(?<![\w.])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w])|(?<![\w.])\d+(?:\.\d+)?(?![\w])")
BOUNDED = r"(?<![\w.,])%s(?![\d])"


def git(*args):
    done = subprocess.run(["git", *args], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"git {' '.join(args)} failed: {done.stderr.strip()} (a shallow clone lacks the "
                 "earlier revisions: fetch them with `git fetch --unshallow`)")
    return done.stdout


def old_pages(revision, patterns):
    """The text of each page of `revision` that matches one of `patterns`."""
    names = git("ls-tree", "-r", "--name-only", revision).split("\n")
    pages = {}
    for pattern in patterns:
        regex = re.compile("^" + re.escape(pattern).replace(r"\*", "[^/]*") + "$")
        for name in names:
            if regex.match(name):
                pages[name] = git("show", f"{revision}:{name}")
    return pages


def today_pages():
    paths = ["README.md", *sorted(glob.glob("docs/**/*.md", recursive=True))]
    return {path: open(path, encoding="utf-8").read() for path in paths}


def missing_figures(old, new_text):
    """The numbers of `old` not found in `new_text`, each with the first line it was on."""
    figures = sorted(set(NUMBER.findall(old)), key=lambda n: (len(n), n))
    missing = [n for n in figures
               if n not in NOT_FIGURES and not re.search(BOUNDED % re.escape(n), new_text)]
    where = {n: next((line.strip() for line in old.splitlines() if n in line), "") for n in missing}
    return len(figures), missing, where


def slug(heading):
    """The anchor GitHub gives a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(text):
    seen, result = {}, set()
    in_code = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            in_code = not in_code
            continue
        match = None if in_code else re.match(r"#{1,6} (.*)", line)
        if match:
            base = slug(match.group(1))
            count = seen.get(base, 0)
            seen[base] = count + 1
            result.add(base if count == 0 else f"{base}-{count}")
    return result


LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def broken_links(pages):
    """Links of `pages` whose file or heading is missing."""
    broken = []
    for path, text in pages.items():
        prose = re.sub(r"```.*?```", "", text, flags=re.S)
        for target in LINK.findall(prose):
            if re.match(r"[a-z]+:", target):
                continue
            file, _, anchor = target.partition("#")
            resolved = os.path.normpath(os.path.join(os.path.dirname(path), file)) if file else path
            if not os.path.exists(resolved):
                if resolved not in ANNOUNCED:
                    broken.append(f"{path}: {target}: no file {resolved}")
                continue
            if anchor and resolved.endswith(".md"):
                if anchor not in anchors(open(resolved, encoding="utf-8").read()):
                    broken.append(f"{path}: {target}: no heading #{anchor} in {resolved}")
    return broken


PATH = re.compile(r"(?<![\w/.])((?:src|tests|scripts|examples|benches)/[\w/.-]*\w)")


def missing_paths(pages):
    """Files of the repository that the guides name and that do not exist."""
    missing = []
    for path, text in pages.items():
        if path.startswith("docs/results/"):
            continue
        for name in sorted(set(PATH.findall(text))):
            placeholder = "*" in name or re.search(r"\b[A-Z]{2,}\b", name)
            if not placeholder and not os.path.exists(name):
                missing.append(f"{path}: {name}")
    return missing


def main():
    pages = today_pages()
    new_text = "\n".join(pages.values())
    failed = False
    for revision, patterns in BASELINES:
        for name, old in old_pages(revision, patterns).items():
            count, missing, where = missing_figures(old, new_text)
            print(f"{count} distinct numbers in {revision}:{name}; {len(missing)} not found in the docs")
            for n in missing:
                print(f"  {n}: {where[n][:100]}")
            failed |= bool(missing)
    broken = broken_links(pages)
    print(f"{len(pages)} pages; {len(broken)} broken links")
    for line in broken:
        print(f"  {line}")
    gone = missing_paths(pages)
    print(f"{len(gone)} files named by the guides are missing")
    for line in gone:
        print(f"  {line}")
    return 1 if failed or broken or gone else 0


if __name__ == "__main__":
    sys.exit(main())
