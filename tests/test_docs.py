"""The documents agree with the code: the Python they ask for, the paths
they cite, the modules they name, and one place for strength figures."""

import os
import re
import sys

from conftest import ROOT


def read(*path):
    with open(os.path.join(ROOT, *path), encoding="utf-8") as f:
        return f.read()


def test_one_oldest_python_everywhere_and_this_one_meets_it():
    readme = re.findall(r"Python (3\.\d+)\+", read("README.md"))
    pyproject = re.findall(r'requires-python = ">=(3\.\d+)"', read("pyproject.toml"))
    makefile = re.findall(r"sys\.version_info < \((3), (\d+)\)", read("Makefile"))
    assert readme and pyproject and makefile
    claims = set(readme) | set(pyproject) | {"%s.%s" % m for m in makefile}
    assert len(claims) == 1, claims
    major, minor = (int(x) for x in claims.pop().split("."))
    assert sys.version_info[:2] >= (major, minor)


def documents():
    """The README, docs/ and the Markdown beside the tools (the strength
    notebook in tools/strength/ among them)."""
    docs = ["README.md"] + [os.path.join("docs", n) for n in sorted(os.listdir(os.path.join(ROOT, "docs"))) if n.endswith(".md")]
    for top, _, names in sorted(os.walk(os.path.join(ROOT, "tools"))):
        docs += [os.path.relpath(os.path.join(top, n), ROOT) for n in sorted(names) if n.endswith(".md")]
    return docs


def cited_paths(text):
    """The repository paths a document cites in backquotes (a name with a
    slash and a file's extension, or a folder of the repository)."""
    for m in re.finditer(r"`([A-Za-z0-9_./-]+/[A-Za-z0-9_.-]+\.(?:md|py|jsonl|json|mjs|toml))`", text):
        yield m.group(1)


def test_every_path_the_documents_cite_is_in_the_repository():
    missing = []
    for doc in documents():
        for path in cited_paths(read(doc)):
            here = os.path.normpath(os.path.join(ROOT, os.path.dirname(doc), path))
            if not os.path.exists(os.path.join(ROOT, path)) and not os.path.exists(here):
                missing.append((doc, path))
    assert not missing


def test_the_contract_stands_on_its_own():
    # The position format is described in the repository, not elsewhere.
    contract = read("docs", "contract.md")
    assert "shared/" not in contract
    for key in ('"to_move"', '"stones"', '"first"', '"owner"', '"hands"', '"deck"'):
        assert key in contract or key.strip('"') in contract


def test_the_stones_run_left_to_right_on_the_handheld_as_the_docs_say():
    # The handheld draws stone i in the board's column i (hw.view's grid:
    # one column a stone, from the left); the text game lists them top to
    # bottom.  The contract, the records' page and the engine's help say so.
    from desk.cli import HELP

    for text in (read("docs", "contract.md"), read("docs", "records.md"), HELP):
        flat = " ".join(text.split())
        assert "top to bottom on the screen" not in flat
        assert "left to right on the handheld" in flat


def test_the_packages_docstrings_name_their_own_modules():
    for package in ("hw", "sim", "desk"):  # (engine's names its functions too)
        doc = read(package, "__init__.py")
        doc = doc[:doc.index('"""', 3)]
        for name in re.findall(r"``([a-z_]+)``", doc):
            # a module of the package, or another of the project's packages
            assert os.path.exists(os.path.join(ROOT, package, name + ".py")) or \
                os.path.isdir(os.path.join(ROOT, package, name)) or os.path.isdir(os.path.join(ROOT, name)), (package, name)


def test_strength_figures_live_in_the_readme_only():
    # A win rate with its interval is measured once and written once: the
    # other documents link to the README's table.
    rate = re.compile(r"\d+(\.\d)?% \(\d+(\.\d)?%? to \d+(\.\d)?%?\)")
    assert rate.search(read("README.md"))
    for doc in documents()[1:]:  # (docs/ and the strength notebook)
        assert not rate.search(read(doc)), doc


def test_the_readme_stays_a_front_page():
    # What it is, the two commands, boards and wiring, controls, screenshots
    # and the strength table, with a link to every document; the longer
    # reference lives in docs/.
    lines = read("README.md").splitlines()
    assert len(lines) <= 180, len(lines)
    docs = [os.path.join("docs", n) for n in sorted(os.listdir(os.path.join(ROOT, "docs"))) if n.endswith(".md")]
    docs.append(os.path.join("tools", "strength", "notebook.md"))
    assert [n for n in docs if "(%s)" % n not in read("README.md")] == []


def heading_anchors(text):
    """The anchors of a Markdown document's headings, as GitHub makes them."""
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
            for h in re.findall(r"^#+ (.*)$", re.sub(r"```.*?```", "", text, flags=re.S), re.M)}


def test_every_link_between_the_documents_leads_somewhere():
    broken = []
    for doc in documents():
        for target in re.findall(r"\]\(([^)\s]+)\)", read(doc)):
            if "://" in target:
                continue
            path, _, anchor = target.partition("#")
            path = os.path.normpath(os.path.join(os.path.dirname(doc), path)) if path else doc
            if not os.path.exists(os.path.join(ROOT, path)):
                broken.append((doc, target))
            elif anchor and anchor not in heading_anchors(read(path)):
                broken.append((doc, target))
    assert not broken
