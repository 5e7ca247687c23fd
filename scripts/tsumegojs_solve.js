// Solve one SGF problem with tsumego.js (npm package tsumego.js@1.1.0) and print JSON.
// Usage: node tsumegojs_solve.js FILE.sgf B|W
// Needs NODE_PATH (or a node_modules beside the script) holding tsumego.js.
const fs = require("fs");
const t = require("tsumego.js");
const [file, color] = process.argv.slice(2);
const sgf = fs.readFileSync(file, "utf8");
const t0 = process.hrtime.bigint();
const solver = new t.Solver(sgf);
const move = solver.solve(color);
const proofs = [...solver.proofs(color)];
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
console.log(JSON.stringify({ move, proofs, seconds }));
