// Deliberately alike across formats: layouts are data, and similar records look alike by shape.
/**
 * Record layouts of docs/formats/lod.md (sections below), in bytes: fixed record sizes, and the
 * smallest size of a variable record (bounds a stored count by the bytes left before allocating).
 */

/** Chunk header: ID (4 chars), Size, Count (Integers) (§1.3). */
export const CHUNK_HEADER_SIZE = 12;

/** MaterialOptions of MaterialsType 2 (§3.2); type 3 appends the MappingMode byte. */
export const MATERIAL_OPTIONS_SIZE = 100;
export const MATERIAL_OPTIONS_WITH_MAPPING_SIZE = 101;
/** A material: two empty length-prefixed names. */
export const MATERIAL_MIN_SIZE = 8;
/** An embedded texture: three Integers and two empty names (§3.3). */
export const EMBEDDED_TEXTURE_MIN_SIZE = 20;
/** A shader: ShaderSize and the type byte (§3.4). */
export const SHADER_MIN_SIZE = 5;

/** A bone: BoneID and ParentID (Smallints) and an empty name (§4.1). */
export const BONE_MIN_SIZE = 8;
/** Floats of one (frame, bone) entry of `ANM1`: position xyz, Euler rotation xyz (§4.3). */
export const FRAME_ENTRY_FLOATS = 6;
export const FRAME_ENTRY_SIZE = FRAME_ENTRY_FLOATS * 4;

/** Weight type 1 record: bone field (byte, or word past 127 bones) and a Single weight (§5.2). */
export const WEIGHT_RECORD_SIZE = 5;
export const WIDE_WEIGHT_RECORD_SIZE = 6;
/** Bone id kept in a weight record's bone field; the top bit closes a vertex. */
export const WEIGHT_BONE_MASK = 0x7f;
export const WIDE_WEIGHT_BONE_MASK = 0x7fff;
/** A face group: FaceType, FaceMode, an empty name, Visible, an empty material name (§5.3). */
export const FACE_GROUP_MIN_SIZE = 14;

/** `MAN1` collection record (§6.1): 28 bytes, or 32 with the seed's 4-byte gap at offset 16. */
export const MORPH_COLLECTION_SIZE = 28;
export const MORPH_COLLECTION_WITH_GAP_SIZE = 32;
export const MORPH_BONE_SIZE = 8;
export const MORPH_ANIMATION_SIZE = 13;
export const MORPH_MATRIX_FLOATS = 12;
export const MORPH_COLLIDER_FLOATS = 10;
/** `MMD1` mesh record head: five Integers (§6.2). */
export const MORPH_MESH_HEAD_SIZE = 20;

/** `PHS1` records (§7.1). */
export const PHYSICS_BODY_SIZE = 78;
export const PHYSICS_GEOM_SIZE = 70;
export const PHYSICS_JOINT_SIZE = 101;
/** `LIG1`: eight OpenGL light records (§7.2). */
export const LIGHTS_PER_SCHEME = 8;
export const LIGHT_SIZE = 94;
/** `PXI1` item record (§7.3): 54 bytes, or 56 with 2 bytes after ParentIndex. */
export const PROXY_ITEM_SIZE = 54;
export const PROXY_ITEM_WITH_GAP_SIZE = 56;
/** `COL1` collider record, after its name (§7.4). */
export const COLLIDER_SIZE = 124;
