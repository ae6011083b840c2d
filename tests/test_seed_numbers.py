"""The committed seed-number data: what a section states, read without the seeds."""
from verify.seed_numbers import extract, section_numbers, source_key


def test_source_keys_follow_the_page_source_field():
    assert source_key("lecture §3.5") == "lecture §3.5"
    assert source_key("primer §C") == "primer §C"
    assert source_key("topic attention-to-prediction (earlier course site)") == "topic attention-to-prediction"


def test_extract_reads_digits_words_and_count_phrases():
    data = extract("用三个源槽和 $q=(1,0)$，误差约万分之一，共 0.422319；一个向量。")
    assert {3.0, 1e-4, 0.422319, 1.0, 0.0} <= set(data["values"])
    assert data["phrases"] == ["三个源槽"]  # 一个 is an article, not a count


def test_committed_data_answers_for_a_real_section():
    numbers = section_numbers("lecture §3.5")
    assert numbers.states_value(0.422319) and not numbers.states_value(0.4223)
    assert not section_numbers("lecture §99.1").values
