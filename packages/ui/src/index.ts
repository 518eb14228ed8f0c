export { cn } from "./lib/cn";
export {
  FirstPaintGate,
  IDLE_TIMEOUT_MS,
  useAfterFirstPaint,
  useBackgroundTurn,
  useIdle,
  whenIdle,
} from "./lib/when-idle";
export { Button, buttonVariants, type ButtonProps } from "./components/button";
export { Spinner, type SpinnerProps } from "./components/spinner";
export {
  Tooltip,
  TooltipContent,
  TooltipProvider,
  TooltipTrigger,
  TOOLTIP_OPEN_DELAY_MS,
  TOOLTIP_SKIP_DELAY_MS,
} from "./components/tooltip";
export {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
  Toaster,
  type ToastProps,
} from "./components/toast";
export {
  toast,
  dismissToast,
  toastStore,
  useToasts,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  TOAST_VIEWPORT_MAX_WIDTH_PX,
  type ToastInput,
  type ToastVariant,
} from "./components/use-toast";
export { Input, inputVariants, type InputProps } from "./components/input";
export { TagInput, type TagInputProps } from "./components/tag-input";
export { Checkbox } from "./components/checkbox";
export { Switch } from "./components/switch";
export { Select, SelectContent, SelectGroup, SelectItem, SelectTrigger, SelectValue } from "./components/select";
export {
  Table,
  type TableProps,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "./components/table";
export { Pagination, type PaginationProps } from "./components/pagination";
export { PasswordInput, type PasswordInputProps } from "./components/password-input";
export { Label } from "./components/label";
export { FormField, type FormFieldProps, type FormFieldControlProps } from "./components/form-field";
export {
  Card,
  CardHeader,
  CardTitle,
  CardDescription,
  CardContent,
  CardFooter,
  cardVariants,
  type CardProps,
  type CardTitleProps,
} from "./components/card";
export { Avatar, avatarVariants, getInitials, type AvatarProps } from "./components/avatar";
export {
  Badge,
  badgeVariants,
  CountBadge,
  formatBadgeCount,
  type BadgeProps,
  type CountBadgeProps,
} from "./components/badge";
export { Tabs, TabsList, TabsTrigger, TabsContent, tabsListVariants, type TabsListProps } from "./components/tabs";
export {
  Dialog,
  DialogTrigger,
  DialogPortal,
  DialogOverlay,
  DialogContent,
  DialogHeader,
  DialogFooter,
  DialogTitle,
  DialogDescription,
  DialogClose,
  type DialogContentProps,
} from "./components/dialog";
export {
  Sheet,
  SheetTrigger,
  SheetClose,
  SheetOverlay,
  SheetContent,
  SheetHeader,
  SheetFooter,
  SheetTitle,
  SheetDescription,
  sheetVariants,
  type SheetContentProps,
} from "./components/sheet";
export {
  DropdownMenu,
  DropdownMenuTrigger,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  dropdownMenuItemVariants,
  type DropdownMenuItemProps,
} from "./components/dropdown-menu";
export { Progress, progressVariants, type ProgressProps } from "./components/progress";
export { Skeleton } from "./components/skeleton";
export { EmptyState, type EmptyStateProps } from "./components/empty-state";
export { Alert, alertVariants, type AlertProps } from "./components/alert";
export { ToggleChip, type ToggleChipProps } from "./components/toggle-chip";
export {
  Countdown,
  formatCountdown,
  toIsoDuration,
  type CountdownFormat,
  type CountdownProps,
} from "./components/countdown";
export { DeferredMenu, type DeferredMenuProps } from "./components/deferred-menu";
