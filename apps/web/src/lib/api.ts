// The /s/api client contract (X-Origin, XSRF, error shape) is shared with the staff app.
export { ApiError, ContractError, api, apiChecked, type RequestOptions } from '@grocer/shared/api-client';
