"""The site build publishes only verified pages, and the navigation follows document order."""
from conftest import edit, run_in


def test_a_page_whose_claims_fail_is_not_published(project):
    edit(project / "docs" / "lecture" / "ch03" / "3-5.md", "(0.702690,0.241553,0.055757)", "(0.702691,0.241553,0.055757)")
    assert run_in(project, "verify").returncode == 1
    build = run_in(project, "mkdocs", "build", "--strict")
    assert build.returncode != 0
    assert "lecture.3.5 failed verification and is not published" in build.stdout + build.stderr


def test_a_page_without_results_is_not_published(project):
    build = run_in(project, "mkdocs", "build", "--strict")  # no `make verify` ran in the copy
    assert build.returncode != 0 and "run `make verify` before building" in build.stdout + build.stderr


def test_navigation_is_in_document_order(project):
    import yaml  # noqa: F401  (hooks import it)
    from hooks.site import on_config

    config = on_config({"docs_dir": str(project / "docs")})
    lecture = next(item["讲义读本"] for item in config["nav"] if "讲义读本" in item)
    assert lecture[0] == "lecture/index.md"  # the document's index page opens its section
    chapter3 = next(items for group in lecture[1:] for label, items in group.items() if label.startswith("第 3 章"))
    sections = [next(iter(entry)) for entry in chapter3 if isinstance(entry, dict)]
    numbers = [tuple(int(x) for x in s.split()[0].lstrip("§").split(".")) for s in sections]
    assert chapter3[0] == "lecture/ch03/index.md" and numbers == sorted(numbers) and (3, 10 - 1) in numbers
