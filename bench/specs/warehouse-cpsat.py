"""The optimum of bench/specs/warehouse.toml by CP-SAT: the same data, a 0/1 model of its own.

    python bench/specs/warehouse-cpsat.py     (needs ortools: pip install ortools)
prints OPTIMAL 689.
"""
from ortools.sat.python import cp_model

W, S, FIXED = 8, 24, 30
CAPACITY = [3 + (j * 5) % 4 for j in range(W)]
COST = [[10 + (i * 7919 + j * 104729 + i * j * 31) % 61 for j in range(W)] for i in range(S)]

model = cp_model.CpModel()
serves = [[model.NewBoolVar("serves_%d_%d" % (i, j)) for j in range(W)] for i in range(S)]
is_open = [model.NewBoolVar("open_%d" % j) for j in range(W)]
for i in range(S):
    model.AddExactlyOne(serves[i])
    for j in range(W):
        model.AddImplication(serves[i][j], is_open[j])
for j in range(W):
    model.Add(sum(serves[i][j] for i in range(S)) <= CAPACITY[j])
model.Minimize(FIXED * sum(is_open) + sum(COST[i][j] * serves[i][j] for i in range(S) for j in range(W)))
solver = cp_model.CpSolver()
solver.parameters.num_workers = 1
status = solver.Solve(model)
print(solver.StatusName(status), int(solver.ObjectiveValue()))
