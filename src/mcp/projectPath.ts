import { confinePath } from "../config/index.js";
import { toolError } from "./tool.js";

/**
 * A path argument as the project-relative path the read models use ("" for the root), or a
 * ToolError when it names anything outside the project (see confinePath for what is refused).
 */
export const projectPath = (root: string, input: string): string => {
  const confined = confinePath(root, input);
  if (!confined.ok) throw toolError(confined.reason);
  return confined.path;
};
