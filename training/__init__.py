"""This project's own trained checkpoints (DESIGN.md §5): training, hash-checked storage, read-only diagnostics.

Part 1 is the sequence-reversal seq2seq of lecture §3.10–§3.15 (kernels/seq2seq.py):
`python -m training.train` writes results/seq2seq/, `training.diagnose`
reads it back on the CPU, `training/gpu.py` retrains on CUDA and compares.
Part 2 is the pixel question answering of lecture §6.4 and the paired key-location task of §6.10
(kernels/pixel_qa.py): `python -m training.pixel_qa_train` writes results/pixel_qa/,
`training.pixel_qa_diagnose` reads it back on the CPU, gpu.py compares a CUDA retraining.
Only torch, numpy and the standard library are imported here (the GPU machine has no mkdocs).
"""
