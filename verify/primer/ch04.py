"""Primer chapter 4: one prediction, one loss, one gradient step for a one-word sentiment model (教学构造).

The feature ("好看" occurs once), the label (好评 = 1), the starting weight, the learning rate and
the probabilities of the loss table are the primer's given teaching numbers, defined once here.
Scores, probabilities, losses, gradients and updates all come from kernels.linear_models. The
model has no bias term (bias=None), as in the primer.

§4.3 adds one construction of this site's own (本页补充的对照): three reviews that all contain
"好看", two labelled 好评 and one 差评, to show per-example gradients that disagree and a learning
rate large enough to raise the batch loss; the primer states both effects without numbers.
"""
import numpy as np

from kernels.linear_models import binary_cross_entropy, logistic_loss_and_gradient, logistic_score, logistic_sgd_step
from checker.evidence import inputs, kinds

X = 1.0                                   # "好看" occurs once
Y = 1.0                                   # label: 好评
W0 = 0.0                                  # initial weight; no bias
LR = 0.2                                  # learning rate of §4.3
TABLE_PROBS = np.array([0.1, 0.5, 0.9])   # §4.2: probability given to 好评, for a 好评 example

BATCH_X = np.array([[1.0], [1.0], [1.0]])  # three reviews, each containing "好看" once
BATCH_Y = np.array([1.0, 1.0, 0.0])        # two 好评, one 差评
LR_LARGE = 30.0                            # a deliberately large learning rate
Y_FLIPPED = 0.0                            # label: 差评 (§4.2's y=0; §4.4 exercise: the same input labelled 差评)
ROUNDS = 3                                 # §4.4: the site runs the loop this many times on the one example


@kinds(course="loss0 loss1 p0 p1 w0 w1",
       rules={"w0": "§4.1: 初始权重 w = 0", "p0": "§4.1: p=sigmoid(0)=0.5",
              "w1": "§4.3: 新权重 = 0 - 0.2 × (-0.5) = 0.1", "p1": "§4.3: 新好评概率 ≈ 0.525",
              "loss0": "§4.3: 损失从 0.693 降到 0.644 (and §4.2's table row 0.5 → 0.693)",
              "loss1": "§4.3: 新损失 ≈ 0.644"})
@inputs("w0")
def chapter() -> dict:
    """Chapter page: the headline of the worked step."""
    step = logistic_sgd_step(W0, X, Y, LR)
    return {"w0": W0, "w1": step.new_w[0], "p0": step.before.prob[0], "p1": step.after.prob[0],
            "loss0": step.before.loss, "loss1": step.after.loss}


@kinds(course="p w x y y_neg z",
       rules={"y_neg": "the 差评 value of the label in §4.2 (course_also): y in {0,1}, its (1-y) term being the 差评 case"})
@inputs("w", "x", "y", "y_neg")
def one_word() -> dict:
    """§4.1: the score and the probability before any learning."""
    step = logistic_sgd_step(W0, X, Y, LR)
    return {"x": X, "y": Y, "y_neg": Y_FLIPPED, "w": W0, "z": logistic_score(W0, X)[0], "p": step.before.prob[0]}


@kinds(course="batch_p loss_pos probs y_pos y_neg", site_construction="loss_neg batch_share",
       rules={"batch_p": "§4.2's table probability 0.9 (its last row), borrowed, as the page says, for the site's batch",
              "y_pos": "§4.2's label y∈{0,1}; §4.1 writes 正确标签 y = 1，表示好评",
              "y_neg": "§4.2's label y∈{0,1}, its (1-y) term the 差评 case; §4.4's exercise writes the 差评 label as (0.5-0)"})
@inputs("y_pos", "y_neg", "probs")
def loss_table() -> dict:
    """§4.2: -ln p for a 好评 example at three probabilities, and the same probabilities for a 差评 example.
    y_pos, y_neg: the two values of the course's label y in {0,1} (好评, 差评).
    batch_p: the course's table probability 0.9, which the page borrows for a batch of reviews; batch_share: the
    site's hypothetical share of 好评 in that batch (the figure the page says p does not guarantee)."""
    return {"probs": TABLE_PROBS, "y_pos": Y, "y_neg": Y_FLIPPED,
            "loss_pos": binary_cross_entropy(TABLE_PROBS, Y),
            "loss_neg": binary_cross_entropy(TABLE_PROBS, Y_FLIPPED), "batch_p": max(TABLE_PROBS),
            "batch_share": max(TABLE_PROBS)}


@kinds(course="batch_lr batch_w0 batch_x batch_y grad loss0 loss1 lr p p1 per_example w0 w1 x y z1",
       site_construction=("batch_grad batch_loss0 large_loss large_w lr_large n_batch n_pos "
                          "n_push_up small_loss small_w"),
       rules={"batch_w0": "§4.1's initial weight w = 0 (初始权重 w = 0), borrowed, as the page says, as the start of the site's batch",
              "per_example": "each review's gradient at w = 0 is a result the course prints for the same input: the two "
                             "好评 reviews are §4.3's own computation (梯度 = (0.5 - 1) × 1 = -0.5), the third, the same "
                             "input labelled 差评, is §4.4's exercise (course_also: (0.5-0)×1=0.5), as the page says",
              "batch_x": "§4.3's input feature 1 ((0.5 - 1) × 1), one per review of the site's batch of three",
              "batch_y": "§4.3's label 1 for the two 好评 reviews; §4.4's exercise label 0 (差评, (0.5-0)×1=0.5) for the "
                         "third, as the page says",
              "batch_lr": "§4.3's learning rate 0.2 (学习率先取 0.2), borrowed, as the page says, as the site's small step"})
@inputs("lr", "lr_large", "w0", "x", "y", "batch_y", "batch_w0", "batch_lr")
def one_update() -> dict:
    """§4.3: gradient, update, new score/probability/loss; then the three-review batch."""
    step = logistic_sgd_step(W0, X, Y, LR)
    per_example = [logistic_loss_and_gradient(W0, BATCH_X[i], BATCH_Y[i]).grad_w[0] for i in range(len(BATCH_Y))]
    small = logistic_sgd_step(W0, BATCH_X, BATCH_Y, LR)
    large = logistic_sgd_step(W0, BATCH_X, BATCH_Y, LR_LARGE)
    single_large = logistic_sgd_step(W0, X, Y, LR_LARGE)     # the one 好评 example with the large rate
    return {
        "p": step.before.prob[0], "y": Y, "x": X, "grad": step.before.grad_w[0], "lr": LR, "w0": W0,
        "w1": step.new_w[0], "z1": logistic_score(step.new_w, X)[0],
        "p1": step.after.prob[0], "loss0": step.before.loss, "loss1": step.after.loss,
        "batch_x": BATCH_X[:, 0], "batch_y": BATCH_Y, "n_pos": int((BATCH_Y == 1.0).sum()), "per_example": per_example, "n_batch": len(BATCH_Y),
        "n_push_up": sum(g < 0 for g in per_example),    # reviews whose gradient asks for a larger w
        "batch_grad": small.before.grad_w[0], "batch_loss0": small.before.loss,
        "start_losses": [logistic_loss_and_gradient(W0, BATCH_X[i], BATCH_Y[i]).loss for i in range(len(BATCH_Y))],
        "lr_large": LR_LARGE, "batch_w0": W0, "batch_lr": LR,
        "small_w": small.new_w[0], "small_loss": small.after.loss,
        "large_w": large.new_w[0], "large_loss": large.after.loss,
        # relation only: the 好评 example's loss at increasing w (start, after the small step, after the large one)
        "pos_w": [W0, step.new_w[0], single_large.new_w[0]],
        "pos_losses": [step.before.loss, step.after.loss, single_large.after.loss],
    }


@kinds(course="grad lr p w0 x y", site_construction="p1 rounds w1",
       rules={"lr": "§4.3 (course_also) takes the one-word model's learning rate 学习率先取 0.2; the page's loop and its "
                    "continuation of §4.4's exercise keep that model's rate, as the page says (学习率仍是)",
              "w0": "§4.1 (course_also): 初始权重 w = 0; §4.4's exercise restarts from it (初始 p=0.5)",
              "x": "§4.1 (course_also): 输入特征 x = 1; §4.4's exercise keeps 相同输入“好看”"})
@inputs("lr", "rounds", "w0", "x", "y")
def training_chain() -> dict:
    """§4.4 exercise: the same input labelled 差评 (y = 0)."""
    step = logistic_sgd_step(W0, X, Y_FLIPPED, LR)
    # relation only: the page's loop (ROUNDS steps on the 好评 example), w, p, gradient and loss before each step
    chain_w, chain_p, chain_grad, chain_loss = [W0], [], [], []
    for _ in range(ROUNDS):
        s = logistic_sgd_step(chain_w[-1], X, Y, LR)
        chain_p.append(s.before.prob[0]); chain_grad.append(s.before.grad_w[0]); chain_loss.append(s.before.loss)
        chain_w.append(s.new_w[0])
    chain_loss.append(s.after.loss)
    return {"chain_w": chain_w, "chain_p": chain_p, "chain_grad": chain_grad, "chain_loss": chain_loss,
            "w0": W0, "p": step.before.prob[0], "y": Y_FLIPPED, "x": X, "grad": step.before.grad_w[0], "lr": LR,
            "w1": step.new_w[0], "p1": step.after.prob[0], "rounds": ROUNDS}
