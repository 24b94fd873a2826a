# Runs inside Blender (blender -b --factory-startup --python check_glb.py -- jobs.json results.jsonl).
# For each job: import a .glb with Blender's own glTF importer, report what Blender sees (per glTF
# node: triangles, bones, NLA tracks; world bounds at given clip times, in glTF axes), optionally
# export it again. One JSON line per job, flushed, so a crash loses only the job it happened in.
import json
import math
import sys
import time
import traceback

import numpy

# Debian's Blender 3.4 importer uses numpy.bool, removed in numpy 1.24: a test-harness shim, not
# a product change.
if not hasattr(numpy, 'bool'):
    numpy.bool = bool

import bpy
from io_scene_gltf2.blender.imp.gltf2_blender_node import BlenderNode

# Which glTF node each Blender object came from (names alone are not unique after Blender's
# renaming); the importer's own create_object is wrapped, nothing else changes.
node_of_object = {}
_create_object = BlenderNode.create_object


def _recording_create_object(gltf, vnode_id):
    obj = _create_object(gltf, vnode_id)
    if isinstance(vnode_id, int):
        node_of_object[obj.name] = vnode_id
    return obj


BlenderNode.create_object = staticmethod(_recording_create_object)


def reset():
    # The factory scene, emptied: preferences and add-ons stay as --factory-startup set them (reading
    # the factory settings again re-registered them: 0.05 CPU-s a job against 0.008).
    bpy.ops.wm.read_homefile(use_empty=True, use_factory_startup=True)
    node_of_object.clear()


def world_bounds(obj, depsgraph):
    """Evaluated (skinned, posed) vertices of a mesh object, world space, glTF axes (+Y up)."""
    evaluated = obj.evaluated_get(depsgraph)
    mesh = evaluated.to_mesh()
    try:
        n = len(mesh.vertices)
        if n == 0:
            return None
        co = numpy.empty(n * 3, dtype=numpy.float64)
        mesh.vertices.foreach_get('co', co)
        co = co.reshape(n, 3)
        m = numpy.array(evaluated.matrix_world, dtype=numpy.float64)
        world = co @ m[:3, :3].T + m[:3, 3]
        lo, hi = world.min(axis=0), world.max(axis=0)
        # Blender Z-up → glTF Y-up: (x, y, z) → (x, z, -y).
        return {'min': [lo[0], lo[2], -hi[1]], 'max': [hi[0], hi[2], -lo[1]]}
    finally:
        evaluated.to_mesh_clear()


def all_bounds(depsgraph):
    out = {}
    for obj in bpy.context.scene.objects:
        if obj.type == 'MESH':
            b = world_bounds(obj, depsgraph)
            if b:
                out[obj.name] = b
    return out


def snapshot():
    objects = {o.name: o.matrix_basis.copy() for o in bpy.context.scene.objects}
    bones = {(o.name, b.name): b.matrix_basis.copy() for o in bpy.context.scene.objects if o.type == 'ARMATURE' for b in o.pose.bones}
    return objects, bones


def restore(state):
    objects, bones = state
    for o in bpy.context.scene.objects:
        if o.name in objects:
            o.matrix_basis = objects[o.name]
        if o.type == 'ARMATURE':
            for b in o.pose.bones:
                if (o.name, b.name) in bones:
                    b.matrix_basis = bones[(o.name, b.name)]


def set_clip(track_name):
    """Every animated object plays its action of this clip (none where the clip does not move it)."""
    for o in bpy.context.scene.objects:
        data = o.animation_data
        if not data:
            continue
        data.action = None
        for track in data.nla_tracks:
            if track.name == track_name and track.strips:
                data.action = track.strips[0].action


def pose_at(seconds):
    scene = bpy.context.scene
    frame = seconds * scene.render.fps / scene.render.fps_base
    whole = math.floor(frame)
    scene.frame_set(int(whole), subframe=frame - whole)
    return all_bounds(bpy.context.evaluated_depsgraph_get())


def mute_skinning():
    """Armature modifiers off for the export: its animation sampling sets every frame, and each
    frame_set skinned every mesh, which the export never reads (it writes the rest mesh and the
    bones' matrices). The .glb is byte for byte the same (Woman4's 3,408 frames: export 25.2 -> 12.0
    CPU-s under cProfile). Returns what to switch back on."""
    muted = [m for o in bpy.context.scene.objects for m in o.modifiers if m.type == 'ARMATURE' and m.show_viewport]
    for m in muted:
        m.show_viewport = False
    return muted


def unmute(muted):
    for m in muted:
        m.show_viewport = True


def describe_objects():
    objects = []
    for o in bpy.context.scene.objects:
        entry = {'name': o.name, 'node': node_of_object.get(o.name), 'type': o.type}
        if o.type == 'MESH':
            polys = o.data.polygons
            entry['triangles'] = sum(len(p.vertices) - 2 for p in polys)
            entry['polygons'] = len(polys)
        if o.type == 'ARMATURE':
            entry['bones'] = [b.name for b in o.data.bones]
        if o.animation_data:
            entry['tracks'] = [t.name for t in o.animation_data.nla_tracks]
        objects.append(entry)
    return objects


def run_job(job):
    result = {'id': job['id'], 'timings': {}}
    reset()
    t0 = time.perf_counter()
    bpy.ops.import_scene.gltf(filepath=job['glb'])
    result['timings']['import'] = time.perf_counter() - t0
    result['objects'] = describe_objects()
    result['actions'] = sorted(a.name for a in bpy.data.actions)
    result['actionRanges'] = {a.name: list(a.frame_range) for a in bpy.data.actions}
    state = snapshot()
    if job.get('export'):
        t0 = time.perf_counter()
        muted = mute_skinning()
        try:
            bpy.ops.export_scene.gltf(filepath=job['export'], export_format='GLB')
        except BaseException as error:  # the exporter has its own recursion limit: a finding too
            result['exportError'] = '%s: %s' % (type(error).__name__, str(error)[-500:])
        finally:
            unmute(muted)
        result['timings']['export'] = time.perf_counter() - t0
        restore(state)
    t0 = time.perf_counter()
    set_clip(None)
    result['static'] = pose_at(0)
    result['posed'] = {}
    for clip in job.get('clips', []):
        restore(state)
        set_clip(clip['track'])
        result['posed'][clip['track']] = [pose_at(t) for t in clip['times']]
    result['timings']['pose'] = time.perf_counter() - t0
    return result


def main():
    argv = sys.argv[sys.argv.index('--') + 1:]
    jobs = json.load(open(argv[0]))
    with open(argv[1], 'a') as out:
        for job in jobs:
            # A marker first: if Blender dies inside this job, the runner knows which one.
            out.write(json.dumps({'started': job['id']}) + '\n')
            out.flush()
            try:
                result = run_job(job)
            except BaseException as error:  # RecursionError included: it is a finding, not a harness failure
                result = {'id': job['id'], 'error': '%s: %s' % (type(error).__name__, str(error)[-500:]), 'trace': traceback.format_exc()[-2000:]}
            out.write(json.dumps(result) + '\n')
            out.flush()


main()
