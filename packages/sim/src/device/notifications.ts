// The notifications posted on the simulated phone: what NotificationManagerService keeps in its notification list.
// `dumpsys notification` prints them (shell/commands/dumpsys-notification.ts), the shade shows them (ui/shade.ts),
// and apps or `svc-sim notify` post them. The key is StatusBarNotification.getKey(): `user|pkg|id|tag|uid`.

/** What a tap on the notification (its content intent) or on one of its actions does on the phone. */
export interface NotificationIntent {
  /** Start this app's launcher activity (the common content intent). */
  launch?: string;
  /** Then show this screen of that app. */
  screen?: string;
}

export interface NotificationActionDef {
  title: string;
  /** A RemoteInput: the shade shows a text field for the reply (a messaging app's Reply). */
  reply?: boolean;
  intent?: NotificationIntent;
}

export interface PostedNotification {
  readonly key: string;
  readonly pkg: string;
  readonly id: number;
  readonly tag: string | null;
  readonly uid: number;
  title: string;
  text: string;
  bigText?: string;
  subText?: string;
  category?: string;
  channel: string;
  /** FLAG_ONGOING_EVENT: the user cannot swipe it away. */
  ongoing: boolean;
  /** FLAG_AUTO_CANCEL: a tap on it removes it. */
  autoCancel: boolean;
  actions: NotificationActionDef[];
  contentIntent?: NotificationIntent;
  /** Notification.when and the record's post time (epoch ms). */
  when: number;
  postTime: number;
}

export type NotificationInput = Omit<
  PostedNotification,
  'key' | 'uid' | 'id' | 'tag' | 'when' | 'postTime' | 'channel' | 'ongoing' | 'autoCancel' | 'actions'
> &
  Partial<Pick<PostedNotification, 'id' | 'tag' | 'channel' | 'ongoing' | 'autoCancel' | 'actions' | 'when'>>;

/** An action pressed in the shade (with the reply typed into its field and sent, for a reply action). */
export interface NotificationResponse {
  key: string;
  action: string;
  text?: string;
}

export interface NotificationStore {
  /** Posts (or updates, same pkg/id/tag) a notification; returns it. */
  post(input: NotificationInput): PostedNotification;
  cancel(key: string): boolean;
  /** Oldest first, as posted. */
  list(): readonly PostedNotification[];
  get(key: string): PostedNotification | undefined;
  /** Actions pressed and replies sent from the shade, oldest first: what the apps received. */
  readonly responses: NotificationResponse[];
}

/** App uids start at 10000 (Process.FIRST_APPLICATION_UID); each package keeps its own. */
function uidOf(pkg: string, uids: Map<string, number>): number {
  let uid = uids.get(pkg);
  if (uid === undefined) {
    uid = 10_100 + uids.size;
    uids.set(pkg, uid);
  }
  return uid;
}

export function createNotificationStore(now: () => number): NotificationStore {
  const posted = new Map<string, PostedNotification>();
  const uids = new Map<string, number>();
  let nextId = 1;
  return {
    responses: [],
    post(input) {
      const id = input.id ?? nextId++;
      const tag = input.tag ?? null;
      const uid = uidOf(input.pkg, uids);
      const key = `0|${input.pkg}|${id}|${tag}|${uid}`;
      const time = now();
      const record: PostedNotification = {
        channel: 'default',
        ongoing: false,
        autoCancel: true,
        actions: [],
        ...input,
        key,
        id,
        tag,
        uid,
        when: input.when ?? time,
        postTime: time,
      };
      // An update moves to the end, as a re-posted record is ranked by its new time.
      posted.delete(key);
      posted.set(key, record);
      return record;
    },
    cancel(key) {
      return posted.delete(key);
    },
    list() {
      return [...posted.values()];
    },
    get(key) {
      return posted.get(key);
    },
  };
}
