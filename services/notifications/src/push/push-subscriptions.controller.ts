import { EndPushSubscriptionsRequest, RemovePushSubscriptionRequest, Rpc, SavePushSubscriptionRequest } from '@aero/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PushSubscriptionsService } from './push-subscriptions.service.js';

@Controller()
export class PushSubscriptionsController {
  constructor(private readonly push: PushSubscriptionsService) {}

  @MessagePattern(Rpc.notifications.pushPublicKey)
  publicKey() {
    return this.push.vapidPublicKey();
  }

  @MessagePattern(Rpc.notifications.savePushSubscription)
  save(@Payload() req: SavePushSubscriptionRequest) {
    return this.push.save(req);
  }

  @MessagePattern(Rpc.notifications.removePushSubscription)
  remove(@Payload() req: RemovePushSubscriptionRequest) {
    return this.push.remove(req);
  }

  @MessagePattern(Rpc.notifications.endPushSubscriptions)
  end(@Payload() req: EndPushSubscriptionsRequest) {
    return this.push.end(req);
  }
}
