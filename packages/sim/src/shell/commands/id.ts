// `id` as the adb shell user (uid 2000) sees it on Android 15.
import type { ShellCommand } from '../../device/types.ts';

const GROUPS =
  '2000(shell),1004(input),1007(log),1011(adb),1015(sdcard_rw),1028(sdcard_r),1078(ext_data_rw),1079(ext_obb_rw),' +
  '3001(net_bt_admin),3002(net_bt),3003(inet),3006(net_bw_stats),3009(readproc),3011(uhid),3012(readtracefs)';

export const id: ShellCommand = async (argv, io) => {
  if (argv[0] === '-u') await io.writeStdout('2000\n');
  else if (argv[0] === '-un') await io.writeStdout('shell\n');
  else await io.writeStdout(`uid=2000(shell) gid=2000(shell) groups=${GROUPS} context=u:r:shell:s0\n`);
  return 0;
};
