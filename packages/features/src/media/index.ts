export {
  AVATAR_SIZE,
  IMAGE_PRESETS,
  MEDIA_PATH_PREFIX,
  avatarUrl,
  optimizedImageUrl,
  profileImageUrl,
  supportedImageFormat,
  thumbnailUrl,
  type ImageUrlOptions,
} from "./model/image-url";
export {
  IMAGE_CACHE_CLEANUP_MS,
  IMAGE_CACHE_MAX_ENTRIES,
  IMAGE_CACHE_TTL_MS,
  ImageCache,
  type ImageCacheEntry,
  type ImageCacheOptions,
} from "./model/image-cache";
export { MEMO_CACHE_MAX_ENTRIES, MemoCache, memoize, type Memoized } from "./model/memo-cache";
export {
  PERFORMANCE_SAMPLES_KEPT,
  PerformanceSamples,
  type PerformanceSamplesOptions,
} from "./model/performance-samples";
export { defaultImageCache, useCachedImage } from "./api/use-cached-image";
