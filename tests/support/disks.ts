/**
 * Small file systems a test makes itself, for the faults of a real disk: a tmpfs of a few
 * megabytes (to fill), and ext4 on a loop device that the kernel can be told to turn read-only
 * after an error (ext4's trigger_fs_error with errors=remount-ro, as a failing disk does).
 * Mounting needs root (CAP_SYS_ADMIN); without it these fail saying so rather than pretend.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface Mounted {
  dir: string;
  unmount(): void;
}

function run(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }).trim();
  } catch (error) {
    const stderr = String((error as { stderr?: string }).stderr ?? "").trim();
    throw new Error(
      `${command} ${args.join(" ")} failed (${stderr || (error as Error).message}): these tests mount small file systems and need root (CAP_SYS_ADMIN), util-linux (mount, losetup) and e2fsprogs (mkfs.ext4)`,
      { cause: error },
    );
  }
}

/** A tmpfs of `sizeMb` megabytes on a new folder. */
export function mountTmpfs(sizeMb: number): Mounted {
  const dir = mkdtempSync(path.join(tmpdir(), "tmpfs-"));
  run("mount", ["-t", "tmpfs", "-o", `size=${sizeMb}m`, "tmpfs", dir]);
  return {
    dir,
    unmount() {
      run("umount", [dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** ext4 of `sizeMb` on a loop device, mounted with errors=remount-ro; `turnReadOnly()` makes the kernel do so. */
export function mountExt4(sizeMb: number): Mounted & { turnReadOnly(): void } {
  const work = mkdtempSync(path.join(tmpdir(), "ext4-"));
  const image = path.join(work, "disk.img");
  const dir = path.join(work, "mnt");
  run("truncate", ["-s", `${sizeMb}M`, image]);
  run("mkfs.ext4", ["-q", "-F", image]);
  const loop = run("losetup", ["-f", "--show", image]);
  run("mkdir", [dir]);
  run("mount", ["-o", "errors=remount-ro", loop, dir]);
  return {
    dir,
    turnReadOnly() {
      run("sh", ["-c", `echo test-fault > /sys/fs/ext4/${path.basename(loop)}/trigger_fs_error`]);
    },
    unmount() {
      run("umount", [dir]);
      run("losetup", ["-d", loop]);
      rmSync(work, { recursive: true, force: true });
    },
  };
}
