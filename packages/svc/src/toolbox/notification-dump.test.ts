// The dump reader on the layouts real phones print. Sources: AOSP services/core/java/com/android/server/
// notification/NotificationRecord.java (lollipop-release dump: text extras always bare; cm-14.1 = Android 7 dump
// with `redact`; aosp main dump + dumpNotification), and real captures quoted in public repositories' tests: a Pixel
// emulator on API 34 (`dumpsysNotificationsApi34`, find_string "dumpsysNotificationsApi34"), a Digital Wellbeing
// record (a public bun test of `parseDumpsysNotificationRecords`, header without `: Notification(`).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseNotificationDump } from './notification-dump.ts';

// Verbatim from the API 34 capture (the quoting test kept these lines of the record).
const PIXEL_API_34 = `
Current Notification Manager state:

  Notification List:
    NotificationRecord(0x01a0bcb9: pkg=dev.randheer094.dev.location.debug user=UserHandle{0} id=1 tag=null importance=2 key=0|dev.randheer094.dev.location.debug|1|null|10230: Notification(channel=mock_location_channel shortcut=null contentView=null vibrate=null sound=null defaults=0x0 flags=0x62 color=0x00000000 groupKey=silent vis=SECRET))
      uid=10230 userId=0
      flags=0x62
      pri=-1
      notification=
            when=1777723466492
            extras={
                android.title=String (Mocking Location)
                android.text=String (Latitude: 59.3383223, Longitude: 18.0549621)
            }
      effectiveNotificationChannel=NotificationChannel{mId='mock_location_channel', mName=Mock Location, mImportance=2}
`;

const WELLBEING = [
  '  Notification List:',
  '    NotificationRecord(0x1a2b3c: pkg=com.google.android.apps.wellbeing user=UserHandle{0} id=0 tag=Discovery key=0|com.google.android.apps.wellbeing|0|Discovery|10164)',
  '      uid=10164 userId=0',
  '      extras={',
  '        android.title=String (Need better sleep?)',
  '        android.subText=null',
  '        android.showChronometer=Boolean (false)',
  '        android.text=String (Use Bedtime mode to silence your phone and keep the screen dark at bedtime)',
  '        android.template=String (android.app.Notification$BigTextStyle)',
  '      }',
].join('\n');

// Android 5's dump of a message with a Reply action, laid out as lollipop-release's dump() prints it.
const LOLLIPOP = `Current Notification Manager state:
  Notification List:
    NotificationRecord(0x2a3b4c5d: pkg=com.google.android.talk user=UserHandle{0} id=4 tag=null score=10 key=0|com.google.android.talk|4|null|10071: Notification(pri=1 contentView=com.google.android.talk/0x1090085 vibrate=null sound=null defaults=0x0 flags=0x19 color=0xff0f9d58 category=msg actions=1 vis=PRIVATE))
      uid=10071 userId=0
      icon=0x7f0201c2 / com.google.android.talk:drawable/ic_stat_notify
      pri=1 score=10
      key=0|com.google.android.talk|4|null|10071
      groupKey=0|com.google.android.talk|4|null|10071
      contentIntent=PendingIntent{2d3e4f50: android.os.BinderProxy@1a2b3c4d}
      deleteIntent=null
      tickerText=null
      defaults=0x00000000 flags=0x00000019
      actions={
        [0] "Reply" -> PendingIntent{3e4f5061: android.os.BinderProxy@2b3c4d5e}
      }
      extras={
        android.title=String
        android.subText=null
        android.text=String
        android.people=String[] (1)

      }
      stats=SingleNotificationStats{posttimeElapsedMs=78221}
      mRankingTimeMs=1417451234567
  
  mUseAttentionLight=true
`;

// Android 16 with --noredact: a big text over two lines, and a public version whose extras must not be read.
const CURRENT = `  Notification List:
    NotificationRecord(0x0c1d2e3f: pkg=com.example.bank user=UserHandle{0} id=7 tag=otp importance=4 key=0|com.example.bank|7|otp|10201: Notification(channel=codes shortcut=null contentView=null vibrate=null sound=null defaults=0x0 flags=AUTO_CANCEL color=0x00000000 category=msg actions=2 vis=PRIVATE))
      uid=10201 userId=0
      flags=0x10
      key=0|com.example.bank|7|otp|10201
      notification=
            when=1777000000000
            actions={
                [0] "Copy code" -> PendingIntent{1: PendingIntentRecord{2 com.example.bank broadcastIntent}}
                [1] "Not me" -> PendingIntent{3: PendingIntentRecord{4 com.example.bank startActivity}}
              }
            extras={
                android.title=String (Your code)
                android.text=String (Use 482913 to sign in)
                android.bigText=String (Use 482913 to sign in.
Never share it: we will not ask for it.)
                android.subText=null
            }
      publicNotification=
            when=1777000000000
            extras={
                android.title=String (Example Bank)
            }
      mCreationTimeMs=1777000000100
      mUpdateTimeMs=1777000000200
    NotificationRecord(0x0d: pkg=com.example.mail user=UserHandle{0} id=1 tag=null importance=3 key=0|com.example.mail|1|null|10202: Notification(channel=mail shortcut=null contentView=null vibrate=null sound=null defaults=0x0 flags=0x0 color=0x00000000 category=email vis=PRIVATE))
      notification=
            extras={
                android.title=String [length=5]
                android.text=String [length=12]
            }
      mUpdateTimeMs=1777000000300
`;

describe('notification dump reader', () => {
  test('reads the API 34 capture: app, key, title, text, ongoing from flags 0x62, when', () => {
    const [n] = parseNotificationDump(PIXEL_API_34);
    assert.deepEqual(
      [n?.app, n?.key, n?.title, n?.text, n?.ongoing, n?.clearable, n?.time],
      [
        'dev.randheer094.dev.location.debug',
        '0|dev.randheer094.dev.location.debug|1|null|10230',
        'Mocking Location',
        'Latitude: 59.3383223, Longitude: 18.0549621',
        true,
        false,
        1777723466492,
      ],
    );
  });

  test('reads a record whose header has no Notification(...) part', () => {
    const [n] = parseNotificationDump(WELLBEING);
    assert.equal(n?.key, '0|com.google.android.apps.wellbeing|0|Discovery|10164');
    assert.equal(n?.tag, 'Discovery');
    assert.equal(n?.title, 'Need better sleep?');
    assert.equal(n?.subText, null);
  });

  test('on Android 5 the text is hidden but the actions, category, flags and time are read', () => {
    const [n] = parseNotificationDump(LOLLIPOP);
    assert.equal(n?.textHidden, true);
    assert.deepEqual([n?.title, n?.text], [null, null]);
    assert.deepEqual(n?.actions, ['Reply']);
    assert.equal(n?.category, 'msg');
    assert.equal(n?.clearable, true);
    assert.equal(n?.time, 1417451234567);
    assert.equal(parseNotificationDump(LOLLIPOP).length, 1, 'the list ends where the next section starts');
  });

  test('keeps a multi-line big text whole, skips the public version, names flags and redacted text', () => {
    const [bank, mail] = parseNotificationDump(CURRENT);
    assert.equal(bank?.bigText, 'Use 482913 to sign in.\nNever share it: we will not ask for it.');
    assert.equal(bank?.title, 'Your code');
    assert.deepEqual(bank?.actions, ['Copy code', 'Not me']);
    assert.deepEqual([bank?.tag, bank?.ongoing, bank?.clearable, bank?.postedMs], ['otp', false, true, 1777000000200]);
    assert.equal(mail?.textHidden, true);
    assert.equal(mail?.category, 'email');
  });

  test('a dump with no Notification List has no notifications', () => {
    assert.deepEqual(parseNotificationDump('Current Notification Manager state:\n  mUseAttentionLight=true\n'), []);
  });
});
