// The Android components of svc's operator app (OPERATOR-PROTOCOL §1): what the device lists when its accessibility
// service and notification listener are enabled. Read by the driver choice (can the operator answer?) and by
// operator setup (grant them).
export const accessibilityComponent = (pkg: string) => `${pkg}/svc.operator.OperatorAccessibilityService`;
export const listenerComponent = (pkg: string) => `${pkg}/svc.operator.OperatorNotificationListener`;
