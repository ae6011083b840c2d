"""Support for the lab notebooks (lecture §8.4 routes): where they save what they measure, the runner that
re-executes and compares them (`make labs`), and route G's equivalence and timing library."""
