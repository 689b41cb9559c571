// The collaboration room's server side (Node): the collaboration server (a file server, or a hub
// linked to others by Redis), its small extensions, the file bridge, invites, and the file's
// process connected to a hub as its one writer.
export { createCollabServer, startCollabServer, fileHandle, type CollabServer, type CollabServerOptions, type RunningCollabServer, type StandaloneOptions } from './collab-server';
export { SessionExtension, type Authenticate, type SessionHandle } from './session-extension';
export { FileSession, REPAIR_ORIGIN, type FileSessionOptions } from './file-session';
export { FileBridge, FileOpenError, BRIDGE_ORIGIN, WRITE_DELAY_MS, type BridgeState, type SnapshotOutcome } from './file-bridge';
export { UpdateGate, type GateVerdict } from './update-gate';
export { checkUpgrade, defaultHostNames, type UpgradeGuard } from './upgrade-guard';
export { checkInvite, hubSecretFrom, newInviteId, signInvite, MIN_SECRET_LENGTH, type InviteCheck, type InviteClaims } from './invites';
export { startHub, parseRedisUrl, parseHubUrl, DEFAULT_HUB_PORT, type HubAddress, type HubOptions, type RedisAddress } from './hub';
export { writerLeases, LEASE_MS, type LeaseStore, type WriterLeases } from './writer-lock';
export { connectFileToHub, type HubWriter, type HubWriterOptions } from './hub-writer';
export { startDriverMirror, type DriverMirror, type DriverMirrorOptions } from './driver-mirror';
