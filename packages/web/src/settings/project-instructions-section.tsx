import type { ProjectInstructionsStatus, SettingsUpdate } from "@parley/protocol";
import { formatBytes } from "@parley/sdk";
import { useEffect, useId, useState } from "react";
import type { SettingsResult } from "./settings-api.ts";

/**
 * The project's instruction files (AGENTS.md, CLAUDE.md, CLAUDE.local.md): which Parley's agent is given and
 * how much of each, which are there and are not read and why, and a switch to give none. A repository's
 * files are its own words to the agent, so the page shows exactly which ones are in play.
 */
export function ProjectInstructionsSection({
  status,
  save,
}: {
  status: ProjectInstructionsStatus;
  save: (update: SettingsUpdate) => Promise<SettingsResult>;
}) {
  // The box follows the click at once; the saved view confirms it, or a failed save puts it back.
  const [enabled, setEnabled] = useState(status.enabled);
  useEffect(() => setEnabled(status.enabled), [status.enabled]);
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const id = useId();
  const toggle = async (wanted: boolean) => {
    setEnabled(wanted);
    setSaving(true);
    setError(undefined);
    // Removing the field returns to the default (on), so the settings file only says "off".
    const result = await save({ project_instructions: wanted ? null : false });
    setSaving(false);
    if (!result.ok) {
      setEnabled(status.enabled);
      setError(result.issues.map((issue) => issue.message).join("; ") || result.message);
    }
  };
  return (
    <section
      className="settings-section"
      data-testid="settings-project-instructions"
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>Project instructions</h2>
      <p className="muted">
        Parley's agent is given your own AGENTS.md in Parley's home (for every project), then the project's
        AGENTS.md, CLAUDE.md, .claude/CLAUDE.md and CLAUDE.local.md at the start of every run, with the
        project's files they import (<code>@path</code>), up to 64 KiB in all. A subfolder's files (
        <code>packages/api/AGENTS.md</code>) are given once a session, with the first Read, Edit or Write in
        that folder: up to 16 KiB a folder and 64 KiB a session. Agent CLIs read their own.
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          data-testid="project-instructions-enabled"
          checked={enabled}
          disabled={saving}
          onChange={(event) => void toggle(event.target.checked)}
        />
        Give the agent the project's instruction files and skills
      </label>
      {status.files.length === 0 && status.skipped.length === 0 && (
        <p className="muted" data-testid="project-instructions-none">
          This project has none.
        </p>
      )}
      {status.files.length > 0 && (
        <ul data-testid="project-instructions-files">
          {status.files.map((file) => (
            <li key={file.path}>
              <code>{file.path}</code> {formatBytes(file.bytes)}
              {file.given_bytes < file.bytes && ` (the first ${formatBytes(file.given_bytes)} are given)`}
              {file.imported_by !== undefined && ` (imported by ${file.imported_by})`}
              {file.duplicates !== undefined && ` (also ${file.duplicates.join(", ")}, given once)`}
              {!status.enabled && <span className="muted"> (not given while this is off)</span>}
            </li>
          ))}
        </ul>
      )}
      {status.skipped.length > 0 && (
        <ul data-testid="project-instructions-skipped">
          {status.skipped.map((file) => (
            <li key={`${file.path}: ${file.reason}`}>
              <code>{file.path}</code> is not read: {file.reason}.
            </li>
          ))}
        </ul>
      )}
      <SkillsList status={status} />
      {error !== undefined && (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/**
 * The skills the agent's `Skill` tool offers (each one's description is all the model sees until it loads
 * one), yours and the project's, and the skill folders left with why. Older servers send none.
 */
function SkillsList({ status }: { status: ProjectInstructionsStatus }) {
  const skills = status.skills ?? [];
  const skipped = status.skipped_skills ?? [];
  if (status.skills === undefined) return null;
  return (
    <>
      <h3>Skills</h3>
      <p className="muted">
        Folders with a <code>SKILL.md</code> in the project's <code>.agents/skills</code>,{" "}
        <code>.claude/skills</code>, <code>.opencode/skills</code> or <code>.parley/skills</code>, and in your
        own <code>~/.parley/skills</code>, <code>~/.agents/skills</code> or <code>~/.claude/skills</code>: the
        agent sees each one's description and loads its instructions when a task matches.
      </p>
      {skills.length === 0 && skipped.length === 0 && (
        <p className="muted" data-testid="project-skills-none">
          There are none.
        </p>
      )}
      {skills.length > 0 && (
        <ul data-testid="project-skills">
          {skills.map((skill) => (
            <li key={skill.name}>
              <code>{skill.name}</code> {skill.description}{" "}
              <span className="muted">
                ({skill.source === "user" ? "yours" : "the project's"}, {skill.folder})
                {!status.enabled && " (not offered while this is off)"}
              </span>
            </li>
          ))}
        </ul>
      )}
      {skipped.length > 0 && (
        <ul data-testid="project-skills-skipped">
          {skipped.map((left) => (
            <li key={`${left.path}: ${left.reason}`}>
              <code>{left.path}</code> is not offered: {left.reason}.
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
