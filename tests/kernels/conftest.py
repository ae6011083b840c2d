import pytest
import torch


@pytest.fixture
def one_thread():
    """Tiny models: one intra-op thread is faster than two on a shared machine (and deterministic)."""
    saved = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(saved)
