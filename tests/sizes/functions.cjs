// Prints, for each JavaScript file named on the command line, one line per function (a
// declaration, an expression, an arrow or a method, nested ones included) as JSON:
// {"file", "line", "name", "lines"}, its length counted from its first line to its last.
// TypeScript's own parser reads the files (the npm dependency the client tests pin).
const fs = require("fs");
const path = require("path");
const ts = require(path.join(process.cwd(), "node_modules", "typescript"));

for (const file of process.argv.slice(2)) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node) => {
    if (ts.isFunctionLike(node) && node.body) {
      const first = lineOf(node.getStart(source));
      const name = node.name ? node.name.getText(source) : "(anonymous)";
      console.log(JSON.stringify({ file, line: first, name, lines: lineOf(node.end) - first + 1 }));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
