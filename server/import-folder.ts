// Reading a folder an operator hands to an import (`npm run posts|content -- import`, a backup's
// pictures): only what is inside it, never through a link. Infrastructure: the posts', the
// pictures' and the content's imports use it, none of them owning it.
import { constants, lstatSync, openSync, realpathSync, type Stats } from "node:fs";
import path from "node:path";

/**
 * Whether an import may read `relative`, a path in the folder `root` it was given (a file or a
 * sub-folder): each part of the path is looked at itself (lstat), never followed. A symbolic link,
 * wherever it points, and a path whose real place is not inside `root` are refused: an import
 * reads its folder and nothing else (issue 45: a post, a picture and a JSON file outside the folder
 * were read through links, and a parser's message printed one's first characters). The problem
 * names the path, never what is in it; null when it may be read, or is not there (the caller says
 * what is missing).
 */
export function folderProblem(root: string, relative: string): string | null {
  const parts = relative.split(path.sep).filter((part) => part && part !== ".");
  for (let i = 1; i <= parts.length; i++) {
    const part = parts.slice(0, i).join(path.sep);
    let stat: Stats;
    try {
      stat = lstatSync(path.join(root, part));
    } catch {
      return null;
    }
    if (stat.isSymbolicLink())
      return `${part}: a symbolic link; an import reads only what is inside its folder, so it was not read`;
  }
  let real: string;
  let top: string;
  try {
    real = realpathSync(path.join(root, relative));
    top = realpathSync(root);
  } catch {
    return null;
  }
  if (real !== top && !real.startsWith(`${top}${path.sep}`))
    return `${relative}: not inside ${root}, so it was not read`;
  return null;
}

/**
 * Opens a file of an import's folder that `folderProblem` let through, read-only: a link put in
 * its place since is not followed (O_NOFOLLOW: the open fails), and a pipe does not hold the
 * command up (O_NONBLOCK). The caller checks `fstat` (a regular file, its size) on what it opened.
 */
export function openFolderFile(file: string): number {
  return openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
}
