"""Every example of docs/python.md, run as a doctest: the page shows what the package does."""

import doctest
import re

from conftest import REPO

PAGE = REPO / "docs" / "python.md"


def test_every_example_of_the_guide(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    text = PAGE.read_text()
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert len(blocks) >= 8, "the guide's examples are gone"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs: dict = {}
    examples = 0
    for i, block in enumerate(blocks):
        test = parser.get_doctest(block, globs, f"python.md block {i + 1}", str(PAGE), 0)
        examples += len(test.examples)
        runner.run(test, clear_globs=False)
        globs.update(test.globs)
    assert examples >= 30
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} of the guide's examples printed otherwise"
