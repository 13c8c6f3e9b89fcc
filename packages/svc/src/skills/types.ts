// Shapes of the skills registry (SPEC 2.10, DECISIONS 9) after loading: artifacts are always { name, path }.

export interface SkillArtifact {
  name: string;
  /** Relative to the repository root that holds the registry. */
  path: string;
}

export interface SkillEntry {
  id: string;
  applicationId: string;
  intent: string;
  summary: string;
  path: string;
  skillFile: string;
  scripts: string[];
  artifacts: SkillArtifact[];
  /** Extra fields a registry carries are kept as they are. */
  [extra: string]: unknown;
}

export interface SkillsRegistry {
  /** Absolute path of the registry JSON file. */
  registryPath: string;
  /** Absolute path of the repository root every entry path is relative to. */
  root: string;
  skills: SkillEntry[];
}

export type { Env } from '../contracts/env.ts';
