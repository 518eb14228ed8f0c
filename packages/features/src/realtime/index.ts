export { createSocket, type VicinitySocket } from "./socket-client";
export {
  RealtimeContext,
  SocketFactoryContext,
  type SocketFactory,
  useRealtime,
  useRealtimeConnection,
  type ConnectionState,
  type RealtimeValue,
} from "./use-realtime-connection";
