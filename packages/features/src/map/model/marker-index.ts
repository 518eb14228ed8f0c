import Supercluster, { type PointFeature } from "supercluster";
import { MAP_MAX_ZOOM, MAP_MIN_DATA_ZOOM, type MapCrowd, type MapMember } from "@vicinity/contract";
import type { ViewBox } from "./view";

type PointProps =
  { member: MapMember; crowd?: undefined; count: 1 } | { member?: undefined; crowd: MapCrowd; count: number };
interface ClusterProps {
  count: number;
}

/** What the map draws at one place: a member, a crowd (an anonymous count) or a cluster of both. */
export type MapMarkerItem =
  | { kind: "member"; key: string; latitude: number; longitude: number; member: MapMember }
  | { kind: "crowd"; key: string; latitude: number; longitude: number; count: number }
  | { kind: "cluster"; key: string; latitude: number; longitude: number; count: number; clusterId: number };

/** Pixels within which markers join a cluster. */
export const CLUSTER_RADIUS_PX = 50;
/** From this zoom on, every member is drawn alone. */
export const CLUSTER_MAX_ZOOM = MAP_MAX_ZOOM - 2;

/**
 * The members and crowds of the loaded tiles, clustered (supercluster). A crowd is a weighted
 * point: its count adds into the clusters it joins, and alone it is drawn as a count, never as a
 * member. Built once per data change; asked for what is in view at each move.
 */
export class MarkerIndex {
  private readonly index: Supercluster<PointProps, ClusterProps>;

  constructor(members: readonly MapMember[], crowds: readonly MapCrowd[]) {
    this.index = new Supercluster<PointProps, ClusterProps>({
      radius: CLUSTER_RADIUS_PX,
      // Leaflet's tiles are 256 px: the radius is in screen pixels.
      extent: 256,
      minZoom: Math.max(0, MAP_MIN_DATA_ZOOM - 2),
      maxZoom: CLUSTER_MAX_ZOOM,
      map: (props) => ({ count: props.count }),
      reduce: (into, props) => {
        into.count += props.count;
      },
    });
    const points: Array<PointFeature<PointProps>> = [];
    for (const member of members) {
      points.push({
        type: "Feature",
        geometry: { type: "Point", coordinates: [member.longitude, member.latitude] },
        properties: { member, count: 1 },
      });
    }
    for (const crowd of crowds) {
      points.push({
        type: "Feature",
        geometry: { type: "Point", coordinates: [crowd.longitude, crowd.latitude] },
        properties: { crowd, count: crowd.count },
      });
    }
    this.index.load(points);
  }

  /** What to draw in a box at a zoom (only what is in it). */
  itemsIn(box: ViewBox, zoom: number): MapMarkerItem[] {
    const west = Math.max(-180, box.west);
    const east = Math.min(180, box.east);
    const south = Math.max(-85, box.south);
    const north = Math.min(85, box.north);
    const features = this.index.getClusters([west, south, east, north], Math.floor(zoom));
    return features.map((feature): MapMarkerItem => {
      const [longitude, latitude] = feature.geometry.coordinates as [number, number];
      const props = feature.properties;
      if ("cluster" in props && props.cluster) {
        return {
          kind: "cluster",
          key: `cluster:${props.cluster_id}`,
          latitude,
          longitude,
          count: props.count,
          clusterId: props.cluster_id,
        };
      }
      const point = props as PointProps;
      if (point.member)
        return { kind: "member", key: `member:${point.member.id}`, latitude, longitude, member: point.member };
      return { kind: "crowd", key: `crowd:${point.crowd.id}`, latitude, longitude, count: point.crowd.count };
    });
  }

  /** The zoom at which a cluster comes apart (a tap zooms there). */
  expansionZoom(clusterId: number): number {
    return Math.min(MAP_MAX_ZOOM, this.index.getClusterExpansionZoom(clusterId));
  }
}
