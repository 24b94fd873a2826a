#!/usr/bin/env python3
"""Runs a command and counts the CPU of every process it starts, reaped by their parents or not.

Chromium's GPU and renderer processes outlive the parents that could wait for them, so `time` and
getrusage never see their CPU (issue #30: 81 of 484 CPU-s). This process becomes a child subreaper
(prctl is not reachable from Node): every orphan of the tree is reparented to it and reaped here,
so RUSAGE_CHILDREN holds the whole tree. Descendants still alive a while after the command ends
are counted from /proc and left running, with a warning.

Usage: reap-all.py [--log FILE --label FOLDER|TASK] -- command args...
With --log, appends `FOLDER|TASK|user|system|wall|start epoch` (task-cpu.mjs's log line);
without, prints `user s system s wall s` to stderr. Exits with the command's status.
"""
import ctypes
import os
import resource
import signal
import sys
import time

PR_SET_CHILD_SUBREAPER = 36
# Seconds to wait, once the command has ended, for descendants it left behind.
ORPHAN_GRACE_S = float(os.environ.get('REAP_ALL_GRACE_S', '20'))


def become_subreaper():
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), 'prctl(PR_SET_CHILD_SUBREAPER) failed')


def children_cpu_s(parent):
    """CPU seconds (own and reaped children's) of `parent`'s live children, from /proc."""
    tick = os.sysconf('SC_CLK_TCK')
    total = 0.0
    for name in os.listdir('/proc'):
        if not name.isdigit():
            continue
        try:
            with open(f'/proc/{name}/stat') as f:
                # Fields after the command name, which may hold spaces: state ppid ... utime(14) stime cutime cstime.
                fields = f.read().rsplit(')', 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == parent:
            total += sum(int(v) for v in fields[11:15]) / tick
    return total


def wait_all(main_pid):
    """Reaps the command and every orphan; returns (status, wall end, CPU of descendants left alive)."""
    status, ended = None, None
    while True:
        flags = 0 if status is None else os.WNOHANG
        try:
            pid, st = os.waitpid(-1, flags)
        except ChildProcessError:
            return status, ended, 0.0
        if pid == main_pid:
            status, ended = st, time.time()
        elif pid == 0:
            if time.time() - ended > ORPHAN_GRACE_S:
                left = children_cpu_s(os.getpid())
                print(f'reap-all: descendants still alive {ORPHAN_GRACE_S:.0f} s after the command; counted their CPU so far ({left:.1f} s)', file=sys.stderr)
                return status, ended, left
            time.sleep(0.05)


def main(argv):
    sep = argv.index('--')
    opts, command = argv[:sep], argv[sep + 1:]
    log = opts[opts.index('--log') + 1] if '--log' in opts else None
    label = opts[opts.index('--label') + 1] if '--label' in opts else ''
    # The task's own PATH: a python3 launcher (pyenv's shim) puts its Python first, and Blender's
    # embedded Python then takes that one's home and loses the system's numpy.
    env = dict(os.environ)
    if 'RELIC3D_TASK_PATH' in env:
        env['PATH'] = env.pop('RELIC3D_TASK_PATH')
    become_subreaper()
    start = time.time()
    pid = os.posix_spawnp(command[0], command, env)
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, lambda s, _f: os.kill(pid, s))
    status, ended, left = wait_all(pid)
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    user, system, wall = usage.ru_utime + left, usage.ru_stime, ended - start
    if log:
        with open(log, 'a') as f:
            f.write(f'{label}|{user:.3f}|{system:.3f}|{wall:.3f}|{start:.6f}\n')
    else:
        print(f'{user:.3f} user s {system:.3f} system s {wall:.3f} wall s', file=sys.stderr)
    return os.waitstatus_to_exitcode(status)


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
